# CPack's .deb settings (included by packaging/CMakeLists.txt for
# ROCDIST_PACKAGE_FORMAT=DEB). Debian policy: the runtime is named for its
# SONAME; a GPU build adds its platform, Provides the plain name and
# conflicts with the other builds, which install the same files: dpkg
# refuses one beside another (no Replaces), apt offers to swap them.
rocdist_package_names(librocdist${ROCDIST_SOVERSION}@platform@ librocdist@platform@-dev rocdist@platform@-clients)
set(ROCDIST_DEB_RUNTIME ${name_runtime})

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SOURCE rocdist)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_CLIENTS_PACKAGE_SECTION science)
# Control files keep the modes Debian requires whatever the checkout's umask.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

execute_process(COMMAND gzip -9 -n -c ${CMAKE_CURRENT_SOURCE_DIR}/changelog
                OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)
foreach(component runtime development clients)
  string(TOUPPER ${component} COMPONENT)
  set(name ${name_${component}})
  set(CPACK_DEBIAN_${COMPONENT}_PACKAGE_NAME ${name})
  # The first line is the synopsis.
  set(CPACK_DEBIAN_${COMPONENT}_DESCRIPTION "${summary_${component}}\n${description_${component}}")
  # Every package carries the copyright file and the changelog.
  install(FILES copyright ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${name} COMPONENT ${component})
  set(CPACK_DEBIAN_${COMPONENT}_PACKAGE_CONFLICTS "${others_${component}}")
  if(NOT ROCDIST_PACKAGE_PLATFORM STREQUAL "host" AND NOT component STREQUAL "clients")
    set(CPACK_DEBIAN_${COMPONENT}_PACKAGE_PROVIDES "${plain_${component}} (= ${PROJECT_VERSION})")
  endif()
endforeach()

# The runtime: shlibs names the plain package, so that programs built
# against any platform's build accept any other (the C API is the same);
# the trigger runs ldconfig. Its Depends come from dpkg-shlibdeps at CPack
# time (cpack_project_config.cmake.in); the CUDA build links the CUDA
# runtime statically and loads libcuda.so.1 from the driver when it runs.
configure_file(shlibs.in ${CMAKE_CURRENT_BINARY_DIR}/shlibs @ONLY)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_BINARY_DIR}/shlibs ${CMAKE_CURRENT_SOURCE_DIR}/triggers)
set(ROCDIST_DEB_RUNTIME_EXTRA_DEPENDS "")
if(ROCDIST_PACKAGE_PLATFORM STREQUAL "cuda")
  set(ROCDIST_DEB_RUNTIME_EXTRA_DEPENDS ", libcuda1")
endif()
if(NOT ROCDIST_PACKAGE_PLATFORM STREQUAL "host")
  configure_file(lintian-overrides.in ${CMAKE_CURRENT_BINARY_DIR}/lintian-overrides/${ROCDIST_DEB_RUNTIME} @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/lintian-overrides/${ROCDIST_DEB_RUNTIME}
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/lintian/overrides COMPONENT runtime)
endif()

set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS "${ROCDIST_DEB_RUNTIME} (= ${PROJECT_VERSION})")
# The clients also link libcurand from the CUDA toolkit when the build found
# one, which no Debian package provides, so their dependencies are written
# here rather than computed.
set(CPACK_DEBIAN_CLIENTS_PACKAGE_DEPENDS
    "${ROCDIST_DEB_RUNTIME} (= ${PROJECT_VERSION}), libc6, libgcc-s1, libstdc++6, libgfortran5, libbenchmark1debian, libopenmpi3, libhwy1")
set(CPACK_DEBIAN_CLIENTS_PACKAGE_RECOMMENDS "python3-numpy, openmpi-bin")

# The Python package: pure Python, the same from every platform's build; it
# needs a runtime, which every platform's provides by the plain name.
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-rocdist)
set(CPACK_DEBIAN_PYTHON_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_DESCRIPTION "${summary_python}\n${description_python}")
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= 3.11), python3-numpy, ${plain_runtime} (>= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-torch")
install(FILES copyright ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/python3-rocdist COMPONENT python)
