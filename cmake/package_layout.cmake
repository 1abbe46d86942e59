# The install layout of a package build. Debian and Fedora put libraries in
# different places (/usr/lib/<multiarch triplet> against /usr/lib64) and
# disagree on a shared library's mode (Debian: not executable, Fedora:
# executable), so a build makes the packages of one family:
#   -DROCDIST_PACKAGE_FORMAT=DEB   .deb for Debian and Ubuntu
#   -DROCDIST_PACKAGE_FORMAT=RPM   .rpm for Fedora and RHEL
# Either installs under /usr. Left empty (the default), the build follows
# GNUInstallDirs for `cmake --install` and CPack refuses to run.
# Included before GNUInstallDirs, so that its variables see these.
set(ROCDIST_PACKAGE_FORMAT "" CACHE STRING "Package family this build's layout follows: DEB, RPM or empty (none)")
set_property(CACHE ROCDIST_PACKAGE_FORMAT PROPERTY STRINGS "" DEB RPM)

if(ROCDIST_PACKAGE_FORMAT STREQUAL "DEB")
  if(NOT CMAKE_LIBRARY_ARCHITECTURE)
    message(FATAL_ERROR "ROCDIST_PACKAGE_FORMAT=DEB needs the multiarch triplet, which this compiler does not report")
  endif()
  set(CMAKE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE})
  set(CMAKE_INSTALL_SO_NO_EXE ON)
elseif(ROCDIST_PACKAGE_FORMAT STREQUAL "RPM")
  set(CMAKE_INSTALL_LIBDIR lib64)
  set(CMAKE_INSTALL_SO_NO_EXE OFF)
elseif(NOT ROCDIST_PACKAGE_FORMAT STREQUAL "")
  message(FATAL_ERROR "ROCDIST_PACKAGE_FORMAT is '${ROCDIST_PACKAGE_FORMAT}': DEB, RPM or empty")
endif()
if(ROCDIST_PACKAGE_FORMAT)
  # Programs find their data under the prefix they were built for.
  set(CMAKE_INSTALL_PREFIX /usr CACHE PATH "Install prefix (packages: /usr)" FORCE)
  # Directories the install creates, whatever the umask of the machine.
  set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
      OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endif()
