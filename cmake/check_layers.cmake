# The layers the build enforces (docs/architecture.md): a folder may include only what sits
# below it. Run by the build (the layers target) before any library is compiled:
#     cmake -DROOT=<source dir> -P cmake/check_layers.cmake
# src/core: portable C, nothing of win/, run/, report/, cli/
# src/win and src/wait: Win32 services, nothing of run/, report/, cli/
# src/run: the runner, nothing of report/ or cli/ (the report sits on the runner)
# src/report: nothing of cli/
set(rules
    "src/core|win/|run/|report/|cli/"
    "src/win|run/|report/|cli/"
    "src/wait|run/|report/|cli/"
    "src/run|report/|cli/"
    "src/report|cli/")
set(breaches "")
foreach(rule ${rules})
  string(REPLACE "|" ";" parts "${rule}")
  list(GET parts 0 folder)
  list(REMOVE_AT parts 0)
  file(GLOB files "${ROOT}/${folder}/*.c" "${ROOT}/${folder}/*.h")
  foreach(file ${files})
    file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]+\"")
    foreach(line ${includes})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([^\"]+)\".*" "\\1" header "${line}")
      foreach(banned ${parts})
        string(FIND "${header}" "${banned}" at)
        if(at EQUAL 0)
          file(RELATIVE_PATH rel "${ROOT}" "${file}")
          string(APPEND breaches "  ${rel} includes ${header}: ${folder} may not use what sits above it\n")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
if(breaches)
  message(FATAL_ERROR "layers:\n${breaches}")
endif()
