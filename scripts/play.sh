#!/usr/bin/env bash
# play.sh: sets up, builds and starts a game of Æmber against the AI in this terminal.
# Any arguments go to `carta play aember` (e.g. --seat 2 --seed 7 --deck "Ashen Vanguard").
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/carta play aember "$@"
