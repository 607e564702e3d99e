# Shared part of the two MinGW-w64 toolchain files.
# The "-win32" thread-model compilers need no winpthread DLL (see ../shared/WIN32.md).
find_program(CMAKE_C_COMPILER NAMES ${WINBENCH_MINGW_PREFIX}-gcc-win32 ${WINBENCH_MINGW_PREFIX}-gcc REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${WINBENCH_MINGW_PREFIX}-windres REQUIRED)
set(CMAKE_FIND_ROOT_PATH /usr/${WINBENCH_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# Tests are Windows programs: CTest runs them through Wine, in the project's own prefix
# (scripts/wine-run creates it on first use, with the null graphics driver).
# --captured: a Wine process a test caused to start cannot hold CTest's pipe (scripts/wine-run)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../scripts/wine-run --captured)
