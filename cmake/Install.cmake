# `cmake --install`: the tool (tools/), the clang-tidy module and the plugin
# (lib/Tidy, lib/Plugin), and here the support files, the check pages, the
# pre-commit hook, and a CMake package: find_package(CudaLaunchLint) gives
# cuda_launch_lint() and the paths. CPack makes a .deb of the same.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/share/cuda-launch-lint/
  DESTINATION ${CUDALINT_INSTALL_SUPPORTDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/pre-commit-hook.sh
  DESTINATION ${CUDALINT_INSTALL_SUPPORTDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/checks/
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/checks)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/editors.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})

include(CMakePackageConfigHelpers)
set(CUDALINT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/CudaLaunchLint)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/CudaLaunchLintConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CudaLaunchLintConfig.cmake
  INSTALL_DESTINATION ${CUDALINT_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CUDALINT_INSTALL_PLUGINDIR
            CUDALINT_INSTALL_SUPPORTDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/CudaLaunchLintConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/CudaLaunchLintConfig.cmake
              ${PROJECT_BINARY_DIR}/CudaLaunchLintConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/CudaLaunchLint.cmake
  DESTINATION ${CUDALINT_INSTALL_CMAKEDIR})

# `cpack -G DEB` in the build directory: cuda-launch-lint_<version>_<arch>.deb,
# installing under /usr, depending on Debian's Clang/LLVM 19 libraries.
set(CPACK_PACKAGE_NAME cuda-launch-lint)
set(CPACK_PACKAGE_VENDOR "cuda-launch-lint")
set(CPACK_PACKAGE_CONTACT "cuda-launch-lint maintainers <cuda-launch-lint@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "static checks of CUDA kernel launch configurations")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The shared libraries come from dpkg-shlibdeps (libclang-cpp19, libllvm19,
# libstdc++6, ...); clang-tidy and Clang are needed only for the module and
# the plugin.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-tidy-19, clang-19")
include(CPack)
