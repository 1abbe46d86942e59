# CPack's .rpm settings (included by packaging/CMakeLists.txt for
# ROCDIST_PACKAGE_FORMAT=RPM), with Fedora's names: rocdist, rocdist-devel;
# a GPU build adds its platform, Provides the plain name and conflicts with
# the other builds, which install the same files.
rocdist_package_names(rocdist@platform@ rocdist@platform@-devel rocdist@platform@-clients)

set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE "LicenseRef-rocdist-all-rights-reserved")
set(CPACK_RPM_PACKAGE_URL ${CPACK_PACKAGE_HOMEPAGE_URL})
set(CPACK_RPM_DEFAULT_DIR_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS})
foreach(component runtime development clients)
  string(TOUPPER ${component} COMPONENT)
  set(name ${name_${component}})
  set(CPACK_RPM_${COMPONENT}_PACKAGE_NAME ${name})
  set(CPACK_RPM_${COMPONENT}_PACKAGE_SUMMARY "${summary_${component}}")
  set(CPACK_RPM_${COMPONENT}_PACKAGE_DESCRIPTION "${description_${component}}")
  # Fedora keeps license texts apart from the documentation.
  install(FILES copyright DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/licenses/${name} COMPONENT ${component})
  set(CPACK_RPM_${COMPONENT}_PACKAGE_CONFLICTS "${others_${component}}")
endforeach()
set(CPACK_RPM_DEVELOPMENT_PACKAGE_GROUP "Development/Libraries")

if(NOT ROCDIST_PACKAGE_PLATFORM STREQUAL "host")
  set(CPACK_RPM_RUNTIME_PACKAGE_PROVIDES "${plain_runtime} = ${PROJECT_VERSION}")
  set(CPACK_RPM_DEVELOPMENT_PACKAGE_PROVIDES "${plain_development} = ${PROJECT_VERSION}")
endif()
if(ROCDIST_PACKAGE_PLATFORM STREQUAL "cuda")
  set(CPACK_RPM_RUNTIME_PACKAGE_REQUIRES "libcuda.so.1()(64bit)")
endif()
# pkgconfig(rocdist) is provided by rpmbuild's pkg-config dependency
# generator, from rocdist.pc under /usr/lib64/pkgconfig.
set(CPACK_RPM_DEVELOPMENT_PACKAGE_REQUIRES "${name_runtime} = ${PROJECT_VERSION}, pkgconfig")
set(CPACK_RPM_CLIENTS_PACKAGE_REQUIRES "${name_runtime} = ${PROJECT_VERSION}")

# The Python package: pure Python, the same from every platform's build.
set(CPACK_RPM_PYTHON_PACKAGE_NAME python3-rocdist)
set(CPACK_RPM_PYTHON_PACKAGE_ARCHITECTURE noarch)
set(CPACK_RPM_PYTHON_PACKAGE_SUMMARY "${summary_python}")
set(CPACK_RPM_PYTHON_PACKAGE_DESCRIPTION "${description_python}")
set(CPACK_RPM_PYTHON_PACKAGE_REQUIRES "python3 >= 3.11, python3-numpy, ${plain_runtime} >= ${PROJECT_VERSION}")
install(FILES copyright DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/licenses/python3-rocdist COMPONENT python)
# The interpreter's package owns its site-packages.
get_filename_component(python_lib_dir /usr/${ROCDIST_PYTHON_INSTALL_DIR} DIRECTORY)
list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION ${python_lib_dir} /usr/${ROCDIST_PYTHON_INSTALL_DIR})
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
