#!/usr/bin/env bash
# tests/cli/table.sh CARTA: `carta table` as a Gamemaster uses it (docs/table.md): a session of
# checks and clocks told in the rulebook's words and saved; the same seed rolls the same; the
# next session carries the clocks on; a campaign file changed by hand is refused, unchanged;
# mistakes are told and change nothing.
set -euo pipefail
carta=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
example=$(realpath "$(dirname "$0")/../../data/archmajesty/campaigns/urn-front.yaml")

mkdir "$dir/twin"
cp "$example" "$dir/a.yaml"
cp "$example" "$dir/twin/a.yaml"
session='check Cass 14 aspect circus full circle archm favourable lore astro on treaty
check Orrin 15 circle street favourable on treaty
check 5 on treaty
clock Heist 2
check Cass 10 mod 30 on heist
settle heist success
quit
'
(cd "$dir/twin" && "$carta" table a.yaml --seed 7 <<<"$session" > "$dir/b.out")
(cd "$dir" && "$carta" table a.yaml --seed 7 <<<"$session" > "$dir/a.out")
cmp -s "$dir/a.out" "$dir/b.out" || fail "the same seed rolled differently"
cmp -s "$dir/a.yaml" "$dir/twin/a.yaml" || fail "the same session saved differently"
grep -q "^Cass task check against DT 14: natural [0-9]*, +6 (Circus Strongman, fully relevant), +5 (Circle Archmajesty), +10 (Lore: Astronomy) = [0-9]*: success" "$dir/a.out" ||
  fail "the check is not told with its modifiers"
grep -q "DT 6 or less is not worth rolling: an automatic success" "$dir/a.out" ||
  fail "DT 5 rolled"
grep -q "The clock Heist is full, majority green: the players succeed" "$dir/a.out" ||
  fail "a full clock's completion is not told"
grep -q "Heist is settled: success" "$dir/a.out" || fail "settling is not told"
echo "ok: a session told and the same for the same seed"

# The next session: the clocks carry on; the log holds both sessions.
"$carta" table "$dir/a.yaml" --seed 8 <<<'clocks' > "$dir/a2.out"
grep -q "Heist: 2 of 2 segments (2 green, 0 red), settled: success" "$dir/a2.out" ||
  fail "the clock did not carry over"
grep -q "Treaty with Shimmershore: [1-8] of 8 segments" "$dir/a2.out" ||
  fail "the treaty clock did not carry over"
echo "ok: the next session carries the clocks on"

# A roll changed by hand: refused with file and line, the file untouched.
first=$(grep -m1 -o 'natural: [0-9]*' "$dir/a.yaml" | grep -o '[0-9]*')
sed "0,/natural: $first\$/s//natural: $((first % 20 + 1))/" "$dir/a.yaml" > "$dir/bad.yaml"
cp "$dir/bad.yaml" "$dir/bad.before"
if "$carta" table "$dir/bad.yaml" <<<'quit' > /dev/null 2> "$dir/bad.err"; then
  fail "a changed roll was accepted"
fi
grep -q "bad.yaml:[0-9]*: error: this check rolls $first" "$dir/bad.err" ||
  { cat "$dir/bad.err" >&2; fail "no file:line and what was rolled"; }
cmp -s "$dir/bad.yaml" "$dir/bad.before" || fail "the refused file was changed"
echo "ok: a changed roll is refused: $(head -c 120 "$dir/bad.err")"

# Mistakes are told and change nothing.
cp "$example" "$dir/c.yaml"
"$carta" table "$dir/c.yaml" --seed 1 > "$dir/c.out" <<<'check Nobody 12
check Cass
clock Odd 3
settle treaty success
frobnicate
quit'
for said in "No character 'Nobody'" "needs a difficulty threshold" "an even number of segments" \
            "it settles when full" "'frobnicate'? Type 'help'"; do
  grep -q "$said" "$dir/c.out" || fail "not told: $said"
done
cmp -s "$dir/c.yaml" "$example" || fail "mistakes changed the campaign file"
echo "ok: mistakes are told and change nothing"
