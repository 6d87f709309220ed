# Builds and runs tests/consumer against gpuact both ways a user takes it:
#   (a) add_subdirectory() of the source tree,
#   (b) cmake --install of the source tree, then find_package(gpuact CONFIG).
# Needs only cmake and a C compiler.
#
#   cmake -DGPUACT_SOURCE_DIR=<checkout> -DWORK_DIR=<scratch dir> -P tests/consumer/run.cmake
#
# Optional, passed on to every configure: CMAKE_GENERATOR, CMAKE_C_COMPILER,
# CMAKE_BUILD_TYPE. Any failing step stops with FATAL_ERROR and its output.
cmake_minimum_required(VERSION 3.16)

foreach(var GPUACT_SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "usage: cmake -DGPUACT_SOURCE_DIR=<checkout> -DWORK_DIR=<scratch dir> -P ${CMAKE_CURRENT_LIST_FILE}")
  endif()
endforeach()
get_filename_component(GPUACT_SOURCE_DIR "${GPUACT_SOURCE_DIR}" ABSOLUTE)
get_filename_component(WORK_DIR "${WORK_DIR}" ABSOLUTE)
set(CONSUMER_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(PREFIX "${WORK_DIR}/prefix")

set(common_args)
if(DEFINED CMAKE_GENERATOR AND NOT CMAKE_GENERATOR STREQUAL "")
  list(APPEND common_args -G "${CMAKE_GENERATOR}")
endif()
foreach(var CMAKE_C_COMPILER CMAKE_BUILD_TYPE)
  if(DEFINED ${var} AND NOT "${${var}}" STREQUAL "")
    list(APPEND common_args "-D${var}=${${var}}")
  endif()
endforeach()
set(config Release)
if(DEFINED CMAKE_BUILD_TYPE AND NOT CMAKE_BUILD_TYPE STREQUAL "")
  set(config "${CMAKE_BUILD_TYPE}")
endif()

# run_step(<name> [IN <dir>] COMMAND <command...>): run it, stop on failure;
# its output is left in step_output.
function(run_step name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "IN" "COMMAND")
  if(NOT arg_IN)
    set(arg_IN "${WORK_DIR}")
  endif()
  message(STATUS "consumer test: ${name}")
  execute_process(COMMAND ${arg_COMMAND} WORKING_DIRECTORY "${arg_IN}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc STREQUAL "0")
    string(REPLACE ";" " " cmd "${arg_COMMAND}")
    message(FATAL_ERROR "consumer test: ${name} failed (${rc}):\n${cmd}\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# Only the directories this script makes, never WORK_DIR itself: a stale
# cache or prefix would hide a broken install.
foreach(dir subdir-build gpuact-build prefix package-build)
  file(REMOVE_RECURSE "${WORK_DIR}/${dir}")
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}")

# (a) add_subdirectory
set(build "${WORK_DIR}/subdir-build")
run_step("subdir: configure" COMMAND "${CMAKE_COMMAND}" ${common_args} -S "${CONSUMER_DIR}" -B "${build}"
  -DGPUACT_MODE=subdir "-DGPUACT_SOURCE_DIR=${GPUACT_SOURCE_DIR}" -DGPUACT_BUILD_TESTS=OFF)
run_step("subdir: build" COMMAND "${CMAKE_COMMAND}" --build "${build}" --config "${config}")
run_step("subdir: run" IN "${build}" COMMAND "${CMAKE_CTEST_COMMAND}" -C "${config}" --output-on-failure)

# (b) install, then find_package
set(build "${WORK_DIR}/gpuact-build")
run_step("package: configure gpuact" COMMAND "${CMAKE_COMMAND}" ${common_args} -S "${GPUACT_SOURCE_DIR}" -B "${build}"
  -DGPUACT_BUILD_TESTS=OFF "-DCMAKE_INSTALL_PREFIX=${PREFIX}")
run_step("package: build gpuact" COMMAND "${CMAKE_COMMAND}" --build "${build}" --config "${config}")
run_step("package: install gpuact" COMMAND "${CMAKE_COMMAND}" --install "${build}" --config "${config}" --prefix "${PREFIX}")

# The package directory is <libdir>/cmake/gpuact; libdir is lib, lib64 or
# lib/<multiarch> depending on the platform (GNUInstallDirs).
file(GLOB_RECURSE config_files "${PREFIX}/gpuactConfig.cmake")
list(LENGTH config_files n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "consumer test: expected one gpuactConfig.cmake under ${PREFIX}, found ${n}: ${config_files}")
endif()
get_filename_component(package_dir "${config_files}" DIRECTORY)
foreach(f "${PREFIX}/include/gpuact.h" "${PREFIX}/include/gpuact_kernels.cuh" "${PREFIX}/include/gpuact_tables.h"
          "${package_dir}/gpuactConfigVersion.cmake" "${package_dir}/gpuactTargets.cmake")
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "consumer test: the install has no ${f}")
  endif()
endforeach()
# An installed package that points back into the checkout only works on this machine.
file(GLOB targets_files "${package_dir}/gpuactTargets*.cmake")
foreach(f ${targets_files})
  file(READ "${f}" text)
  string(FIND "${text}" "${GPUACT_SOURCE_DIR}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "consumer test: ${f} refers to the source tree ${GPUACT_SOURCE_DIR}")
  endif()
endforeach()

set(build "${WORK_DIR}/package-build")
# No package registry: the only gpuact to be found is the one just installed.
run_step("package: configure" COMMAND "${CMAKE_COMMAND}" ${common_args} -S "${CONSUMER_DIR}" -B "${build}"
  -DGPUACT_MODE=package "-DCMAKE_PREFIX_PATH=${PREFIX}"
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
string(FIND "${step_output}" "from ${PREFIX}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "consumer test: find_package did not take gpuact from ${PREFIX}:\n${step_output}")
endif()
run_step("package: build" COMMAND "${CMAKE_COMMAND}" --build "${build}" --config "${config}")
run_step("package: run" IN "${build}" COMMAND "${CMAKE_CTEST_COMMAND}" -C "${config}" --output-on-failure)

message(STATUS "consumer test: add_subdirectory and find_package both work")
