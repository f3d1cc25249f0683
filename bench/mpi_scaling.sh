#!/usr/bin/env bash
# bench/mpi_scaling.sh [BUILD_DIR] [ROUNDS]: carta-mpi's games per second from 1 to 4 ranks (one
# thread each) with random, greedy and ISMCTS seats, runs alternated ROUNDS times (default 2) so
# that a noisy machine shows as spread; and what rank 0 took from the others (bytes and time a
# game). The figures in docs/benchmarks.md come from here.
set -euo pipefail
build=${1:-build-release}
rounds=${2:-2}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
declare -A games=([random]=20000 [greedy]=3000 [mcts]=80)
declare -A seats=([random]=random,random [greedy]=greedy,greedy
                  [mcts]=mcts:iters=300,greedy)
printf '%-7s %-5s %-6s %10s  %s\n' seats ranks round games/s "rank 0 took (from the others)"
for kind in random greedy mcts; do
  for round in $(seq 1 "$rounds"); do
    for np in 1 2 4; do
      out=$(mpirun -np $np "$build/carta-mpi" sim aember --games "${games[$kind]}" \
              --seats "${seats[$kind]}" --seed "$round" --json 2>/tmp/mpi_scaling.err)
      rate=$(python3 -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["run"]["games_per_second"])' <<<"$out")
      took=$(sed -n 's/^carta-mpi: [0-9]* ranks; rank 0 took //p' /tmp/mpi_scaling.err)
      printf '%-7s %-5s %-6s %10s  %s\n' "$kind" "$np" "$round" "$rate" "${took:--}"
    done
  done
done
