#!/usr/bin/env bash
# test.sh: sets up, builds and runs the whole test suite twice: a normal optimised build and an
# AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/); and checks that a Release
# build of the carta command is warnings-clean too (-O3 finds what -O2 does not).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build

jobs=$(nproc)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARTA_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j "$jobs"

cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCARTA_WERROR=ON >/dev/null
cmake --build build-release --target carta

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCARTA_SANITIZE=ON -DCARTA_WERROR=ON >/dev/null
cmake --build build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
