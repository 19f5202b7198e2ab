# Desktop integration of the studio (package d500-studio): the .desktop file, its MIME types, the icon at the
# freedesktop sizes (PNGs rendered from the SVG by rsvg-convert) and the AppStream metadata.
if(NOT TARGET d500_studio)
  return()
endif()
install(FILES d500-studio.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT studio)
# The project and store file types the .desktop file names (dpkg's trigger of shared-mime-info
# updates the MIME cache).
install(FILES d500-studio.mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME d500-studio.xml
        COMPONENT studio)
install(FILES ${PROJECT_SOURCE_DIR}/resources/studio/icons/d500-studio.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT studio)
install(DIRECTORY icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons COMPONENT studio)
install(FILES d500-studio.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT studio)
