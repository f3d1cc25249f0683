# tests/fuzz/fuzz.cmake: fuzz harnesses for the parsers that take outside input.
# Included from the top-level CMakeLists.txt after enable_testing() and the carta_cli target.
# (a) Always: each tests/fuzz/fuzz_<target>.c linked with replay_main.c as replay_<target>, and a
#     test replaying every file of tests/fuzz/corpus/<target>/ through it (gcc, ASan builds too),
#     each input in an exact-size buffer, in its own process, under a time limit.
# (b) -DCARTA_FUZZ=ON (clang only): the same harnesses as libFuzzer binaries fuzz_<target>.
option(CARTA_FUZZ "Build libFuzzer harnesses (clang only)" OFF)
if(CARTA_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARTA_FUZZ needs clang (configure with CC=clang)")
  endif()
  # Coverage instrumentation for the project's own code; every consumer links the sanitizers.
  foreach(lib carta_core carta_games carta_ai carta_cli)
    target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link,address,undefined)
    target_link_options(${lib} INTERFACE -fsanitize=address,undefined)
  endforeach()
endif()
file(GLOB FUZZ_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_*.c)
foreach(fuzz_src ${FUZZ_SRC})
  get_filename_component(fuzz_name ${fuzz_src} NAME_WE)
  string(REGEX REPLACE "^fuzz_" "" fuzz_target ${fuzz_name})
  add_executable(replay_${fuzz_target} ${fuzz_src} ${CMAKE_SOURCE_DIR}/tests/fuzz/replay_main.c)
  target_include_directories(replay_${fuzz_target} PRIVATE ${CMAKE_SOURCE_DIR}/tests/fuzz)
  target_link_libraries(replay_${fuzz_target} PRIVATE carta_cli)
  target_compile_definitions(replay_${fuzz_target} PRIVATE CARTA_DATA_DIR="${CMAKE_SOURCE_DIR}/data")
  file(GLOB fuzz_corpus CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${fuzz_target}/*)
  if(fuzz_corpus)
    # replay_main.c runs each input in a child under a 5 s CPU limit, so a hang names its file;
    # the ctest timeout is only a backstop for the whole directory.
    add_test(NAME fuzz_corpus_${fuzz_target} COMMAND replay_${fuzz_target} ${fuzz_corpus})
    set_tests_properties(fuzz_corpus_${fuzz_target} PROPERTIES TIMEOUT 600)
  endif()
  if(CARTA_FUZZ)
    add_executable(${fuzz_name} ${fuzz_src})
    target_include_directories(${fuzz_name} PRIVATE ${CMAKE_SOURCE_DIR}/tests/fuzz)
    target_link_libraries(${fuzz_name} PRIVATE carta_cli)
    target_compile_definitions(${fuzz_name} PRIVATE CARTA_DATA_DIR="${CMAKE_SOURCE_DIR}/data")
    target_compile_options(${fuzz_name} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_options(${fuzz_name} PRIVATE -fsanitize=fuzzer,address,undefined)
  endif()
endforeach()
