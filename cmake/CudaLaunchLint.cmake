# CudaLaunchLint.cmake: a lint target over a target's CUDA sources.
#
#   list(APPEND CMAKE_MODULE_PATH <cuda-launch-lint>/cmake)
#   set(CMAKE_EXPORT_COMPILE_COMMANDS ON)    # before the targets
#   include(CudaLaunchLint)
#   cuda_launch_lint(TARGET mylib [ARGS --format=sarif --output=lint.sarif ...])
#
# adds `mylib-cuda-launch-lint`, which runs cuda-launch-lint with the build's
# own compile commands (compile_commands.json in CMAKE_BINARY_DIR) on the
# target's .cu sources. CUDA_LAUNCH_LINT_EXECUTABLE picks the tool (default:
# found on PATH).
include_guard(GLOBAL)

find_program(CUDA_LAUNCH_LINT_EXECUTABLE cuda-launch-lint
  DOC "cuda-launch-lint, the CUDA kernel launch linter")

function(cuda_launch_lint)
  cmake_parse_arguments(PARSE_ARGV 0 CLL "" "TARGET" "ARGS")
  if(NOT CLL_TARGET OR NOT TARGET "${CLL_TARGET}")
    message(FATAL_ERROR "cuda_launch_lint: TARGET must name an existing target (got '${CLL_TARGET}')")
  endif()
  if(NOT CUDA_LAUNCH_LINT_EXECUTABLE)
    message(FATAL_ERROR "cuda_launch_lint: cuda-launch-lint not found; set CUDA_LAUNCH_LINT_EXECUTABLE")
  endif()
  if(NOT CMAKE_EXPORT_COMPILE_COMMANDS)
    message(WARNING "cuda_launch_lint: set CMAKE_EXPORT_COMPILE_COMMANDS ON so that the lint sees the build's compile commands")
  endif()
  get_target_property(sources "${CLL_TARGET}" SOURCES)
  get_target_property(source_dir "${CLL_TARGET}" SOURCE_DIR)
  set(cuda_sources)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\.cu$" AND NOT source MATCHES "^\\$<")
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
      list(APPEND cuda_sources "${path}")
    endif()
  endforeach()
  if(NOT cuda_sources)
    message(WARNING "cuda_launch_lint: target ${CLL_TARGET} has no .cu source")
    return()
  endif()
  add_custom_target("${CLL_TARGET}-cuda-launch-lint"
    COMMAND "${CUDA_LAUNCH_LINT_EXECUTABLE}" -p "${CMAKE_BINARY_DIR}" ${CLL_ARGS} ${cuda_sources}
    WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
    COMMENT "cuda-launch-lint: ${CLL_TARGET}"
    VERBATIM)
endfunction()
