# CPack's .rpm settings (included by packaging/CMakeLists.txt for
# ROCDIST_PACKAGE_FORMAT=RPM), with Fedora's names: rocdist, rocdist-devel;
# a GPU build adds its platform, Provides the plain name and conflicts with
# the other builds, which install the same files.
foreach(platform host hip cuda)
  set(suffix "")
  if(NOT platform STREQUAL "host")
    set(suffix -${platform})
  endif()
  set(names_runtime_${platform} rocdist${suffix})
  set(names_development_${platform} rocdist${suffix}-devel)
  set(names_clients_${platform} rocdist${suffix}-clients)
endforeach()
set(runtime ${names_runtime_${ROCDIST_PACKAGE_PLATFORM}})

set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE "LicenseRef-rocdist-all-rights-reserved")
set(CPACK_RPM_PACKAGE_URL ${CPACK_PACKAGE_HOMEPAGE_URL})
set(CPACK_RPM_DEFAULT_DIR_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS})
foreach(component runtime development clients)
  string(TOUPPER ${component} COMPONENT)
  set(name ${names_${component}_${ROCDIST_PACKAGE_PLATFORM}})
  set(CPACK_RPM_${COMPONENT}_PACKAGE_NAME ${name})
  set(CPACK_RPM_${COMPONENT}_PACKAGE_SUMMARY "${summary_${component}}")
  set(CPACK_RPM_${COMPONENT}_PACKAGE_DESCRIPTION "${description_${component}}")
  # Fedora keeps license texts apart from the documentation.
  install(FILES copyright DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/licenses/${name} COMPONENT ${component})
  set(others "")
  foreach(platform host hip cuda)
    if(NOT platform STREQUAL ROCDIST_PACKAGE_PLATFORM)
      list(APPEND others ${names_${component}_${platform}})
    endif()
  endforeach()
  list(JOIN others ", " CPACK_RPM_${COMPONENT}_PACKAGE_CONFLICTS)
endforeach()
set(CPACK_RPM_DEVELOPMENT_PACKAGE_GROUP "Development/Libraries")

if(NOT ROCDIST_PACKAGE_PLATFORM STREQUAL "host")
  set(CPACK_RPM_RUNTIME_PACKAGE_PROVIDES "rocdist = ${PROJECT_VERSION}")
  set(development_provides "rocdist-devel = ${PROJECT_VERSION}, ")
endif()
if(ROCDIST_PACKAGE_PLATFORM STREQUAL "cuda")
  set(CPACK_RPM_RUNTIME_PACKAGE_REQUIRES "libcuda.so.1()(64bit)")
endif()
# Debian's rpmbuild has no pkg-config dependency generator: the -devel
# package states what Fedora's would.
set(CPACK_RPM_DEVELOPMENT_PACKAGE_PROVIDES "${development_provides}pkgconfig(rocdist) = ${PROJECT_VERSION}")
set(CPACK_RPM_DEVELOPMENT_PACKAGE_REQUIRES "${runtime} = ${PROJECT_VERSION}, pkgconfig")
set(CPACK_RPM_CLIENTS_PACKAGE_REQUIRES "${runtime} = ${PROJECT_VERSION}")
# The clients' libcurand comes from the CUDA toolkit, not from an RPM.
set(CPACK_RPM_CLIENTS_PACKAGE_AUTOREQ OFF)
# Debian's rpmbuild would add /usr/lib/.build-id links, which collide
# between packages; %packager fills the Packager tag.
set(CPACK_RPM_SPEC_MORE_DEFINE "%define _build_id_links none\n%define packager ${CPACK_PACKAGE_CONTACT}")
# Directories the filesystem, cmake-filesystem and pkgconf packages own.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /usr/lib64/cmake /usr/lib64/pkgconfig /usr/share/licenses /usr/libexec /usr/share/man /usr/share/man/man1)

# The changelog's first entry, in RPM's form.
file(STRINGS changelog changelog_lines)
set(entry "")
foreach(line IN LISTS changelog_lines)
  if(line MATCHES "^  \\* (.*)")
    string(APPEND entry "- ${CMAKE_MATCH_1}\n")
  elseif(line MATCHES "^    (.*)")
    string(APPEND entry "  ${CMAKE_MATCH_1}\n")
  elseif(line MATCHES "^ -- (.*)  ([A-Za-z]+), ([0-9]+) ([A-Za-z]+) ([0-9]+) ")
    set(entry "* ${CMAKE_MATCH_2} ${CMAKE_MATCH_4} ${CMAKE_MATCH_3} ${CMAKE_MATCH_5} ${CMAKE_MATCH_1} - ${PROJECT_VERSION}-1\n${entry}")
    break()
  endif()
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/rpm_changelog "${entry}")
set(CPACK_RPM_CHANGELOG_FILE ${CMAKE_CURRENT_BINARY_DIR}/rpm_changelog)
