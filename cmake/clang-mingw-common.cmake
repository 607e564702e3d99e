# Shared part of the two clang toolchain files: clang targeting MinGW-w64 with Debian's mingw-w64
# headers and libraries. A second compiler, built (not tested) by scripts/test with -pedantic,
# to catch GNU-only constructs that MSVC would refuse.
find_program(CMAKE_C_COMPILER NAMES clang REQUIRED)
set(CMAKE_C_COMPILER_TARGET ${WINBENCH_MINGW_PREFIX})
find_program(CMAKE_RC_COMPILER NAMES ${WINBENCH_MINGW_PREFIX}-windres REQUIRED)
set(CMAKE_FIND_ROOT_PATH /usr/${WINBENCH_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# clang's MinGW driver does not recognise Debian's "12-win32" gcc folder as a version: point
# the linker at libgcc there (the -win32 thread model, as the gcc build uses).
file(GLOB WINBENCH_LIBGCC_DIR /usr/lib/gcc/${WINBENCH_MINGW_PREFIX}/*-win32)
if(WINBENCH_LIBGCC_DIR)
  list(GET WINBENCH_LIBGCC_DIR 0 WINBENCH_LIBGCC_DIR)
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-L${WINBENCH_LIBGCC_DIR}")
  set(CMAKE_SHARED_LINKER_FLAGS_INIT "-L${WINBENCH_LIBGCC_DIR}")   # the tests' sample DLL
endif()
set(WINBENCH_PEDANTIC ON)
# --captured: a Wine process a test caused to start cannot hold CTest's pipe (scripts/wine-run)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../scripts/wine-run --captured)
