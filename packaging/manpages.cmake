# Man pages from --help at build time (help2man): d500(1), d500-COMMAND(1) per subcommand, in the
# d500 package; d500-studio(1) in d500-studio. Rewritten when a program is relinked.
find_program(HELP2MAN_EXECUTABLE help2man)
if(NOT HELP2MAN_EXECUTABLE)
  message(STATUS "help2man not found: no man pages (packaging/install-deps.sh installs it)")
  return()
endif()
set(D500_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(_man_pages d500)
if(TARGET d500_studio)
  list(APPEND _man_pages studio)
endif()
set(_man_stamps)
foreach(what IN LISTS _man_pages)
  set(prog d500)
  if(what STREQUAL studio)
    set(prog d500_studio)
  endif()
  add_custom_command(OUTPUT ${D500_MAN_DIR}/${what}.stamp
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/manpages.sh ${what} $<TARGET_FILE_DIR:${prog}>
            ${D500_MAN_DIR} ${PROJECT_VERSION}
    COMMAND ${CMAKE_COMMAND} -E touch ${D500_MAN_DIR}/${what}.stamp
    DEPENDS ${prog} ${CMAKE_CURRENT_SOURCE_DIR}/manpages.sh
    COMMENT "Man pages of ${what} from --help")
  list(APPEND _man_stamps ${D500_MAN_DIR}/${what}.stamp)
  install(DIRECTORY ${D500_MAN_DIR}/${what}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
          COMPONENT ${what} OPTIONAL)
endforeach()
add_custom_target(d500_man ALL DEPENDS ${_man_stamps})
