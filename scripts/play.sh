#!/usr/bin/env bash
# play.sh: sets up, builds and starts a game of Æmber against the AI in this terminal.
# Any arguments go to `carta play aember` (e.g. --seat 2 --seed 7 --deck "Ashen Vanguard").
# With --web (first), it starts the table server for the browser instead and prints its URL; the
# arguments after --web go to `carta serve` (e.g. --web --port 9000 --db tables.sqlite).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "${1:-}" = "--web" ]; then
  shift
  exec build/carta serve "$@"
fi
exec build/carta play aember "$@"
