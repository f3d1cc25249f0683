#!/usr/bin/env bash
# tests/mpi/run.sh CARTA CARTA_MPI: carta-mpi (src/mpi, docs/scale.md) against carta sim.
#  1. `mpirun -np N carta-mpi sim ...` prints exactly the summary `carta sim` prints for the same
#     seed and settings, for N = 1, 2 and 4, with random and greedy seats, a deck pool, an
#     experiment (--variant) and --db;
#  2. a campaign whose rank 1 is killed with SIGKILL leaves its finished games in --db, and
#     `--resume` plays only the others and gives the uninterrupted summary;
#  3. an error on rank 0 alone (--db in a missing folder) stops every rank with its message.
set -euo pipefail
carta=$1
carta_mpi=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI leaks at exit (../shared/STACK.md): leak checks stay on for carta, off for carta-mpi.
mpi_asan="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
mpi() { local np=$1; shift; ASAN_OPTIONS=$mpi_asan mpirun -np "$np" "$carta_mpi" "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

# Prints the JSON on stdin without its "run" member (timing, where), keys sorted.
strip_run() { python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("run",None); print(json.dumps(d,sort_keys=True))'; }

same_as_carta_sim() {
  local name=$1; shift
  "$carta" sim "$@" --threads 1 --json | strip_run > "$dir/ref.json"
  for np in 1 2 4; do
    mpi "$np" sim "$@" --json 2>"$dir/err" | strip_run > "$dir/mpi.json" ||
      { cat "$dir/err" >&2; fail "$name: carta-mpi -np $np failed"; }
    cmp -s "$dir/ref.json" "$dir/mpi.json" ||
      { diff <(tr , '\n' <"$dir/ref.json") <(tr , '\n' <"$dir/mpi.json") | head >&2;
        fail "$name: -np $np differs from carta sim"; }
    echo "ok: $name, -np $np: the summary of carta sim"
  done
}

same_as_carta_sim "aember random" aember --games 61 --seats greedy,random --seed 5
same_as_carta_sim "leaders greedy" leaders --games 12 --seats greedy,greedy --seed 3
same_as_carta_sim "arkhtide pool" arkhtide --games 24 --players 2 --seed 9 \
  --deck-pool random
printf 'options:\n  key_cost: 5\n' > "$dir/variant.yaml"
same_as_carta_sim "aember experiment" aember --games 40 --seats greedy,random \
  --variant "$dir/variant.yaml"

# --db: every game's record and result reach rank 0's store.
mpi 2 sim aember --games 30 --db "$dir/two.db" --json 2>/dev/null | strip_run > "$dir/two.json"
"$carta" sim aember --games 30 --json | strip_run > "$dir/one.json"
cmp -s "$dir/one.json" "$dir/two.json" || fail "--db: the summary differs"
[ "$(sqlite3 "$dir/two.db" 'select count(*) from records where result is not null')" = 30 ] ||
  fail "--db: not every game stored"
echo "ok: --db under -np 2 stores all 30 games"

# A rank killed mid-campaign, then --resume.
games=4000
args=(aember --games $games --seats greedy,greedy --seed 11)
"$carta" sim "${args[@]}" --json | strip_run > "$dir/whole.json"
mpi 2 sim "${args[@]}" --db "$dir/cut.db" >/dev/null 2>&1 &
job=$!
stored=0
for _ in $(seq 1 600); do
  stored=$(sqlite3 "$dir/cut.db" 'select count(*) from records' 2>/dev/null || echo 0)
  [ "${stored:-0}" -ge 200 ] && break
  sleep 0.05
done
victim=""
for pid in $(pgrep -f "carta-mpi sim aember --games $games" || true); do
  if tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
    victim=$pid
  fi
done
[ -n "$victim" ] || fail "resume: rank 1 not found (stored $stored games: the run was too quick?)"
kill -9 "$victim"
if wait "$job"; then fail "resume: the job went on without rank 1"; fi
kept=$(sqlite3 "$dir/cut.db" 'select count(*) from records')
[ "$kept" -gt 0 ] && [ "$kept" -lt $games ] || fail "resume: $kept games stored after the kill"
[ -z "$(sqlite3 "$dir/cut.db" 'select summary from runs')" ] || fail "resume: a summary was stored"
mpi 2 sim "${args[@]}" --db "$dir/cut.db" --resume --json 2>"$dir/err" > "$dir/resumed.raw" ||
  { cat "$dir/err" >&2; fail "resume: --resume failed"; }
resumed=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["run"]["resumed"])' \
  < "$dir/resumed.raw")
[ "$resumed" = "$kept" ] || fail "resume: read back $resumed games, $kept were stored"
strip_run < "$dir/resumed.raw" > "$dir/resumed.json"
cmp -s "$dir/whole.json" "$dir/resumed.json" || fail "resume: the summary differs"
[ "$(sqlite3 "$dir/cut.db" 'select count(*) from records')" = $games ] ||
  fail "resume: not every game stored"
echo "ok: rank 1 killed after $kept of $games games; --resume read them back and played the rest"

# An error on rank 0 alone stops all ranks, with its message.
if mpi 2 sim aember --games 10 --db "$dir/no/such/folder.db" > /dev/null 2> "$dir/err"; then
  fail "a --db that cannot open was accepted"
fi
grep -q "folder.db" "$dir/err" || { cat "$dir/err" >&2; fail "the --db error is not shown"; }
echo "ok: a --db that cannot open stops every rank with its message"
