#!/usr/bin/env bash
# run.sh: starts `carta serve` on a free local port, runs the browser tests against it, stops it.
# Usage: tests/e2e/run.sh path/to/carta
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
carta="$1"
port=$((30000 + $$ % 20000))
log="$(mktemp)"
"$carta" serve --port "$port" >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q "carta serve:" "$log" && break; sleep 0.1; done
grep -q "carta serve:" "$log" || { cat "$log"; exit 1; }
node "$here/table.mjs" "http://127.0.0.1:$port" "$carta"
