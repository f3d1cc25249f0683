#!/usr/bin/env python3
"""Writes docs/cards-arkhtide.md from data/arkhtide/*.yaml and data/arkhtide/decks/*.yaml."""
import glob, os, sys, yaml
data = sys.argv[1] if len(sys.argv) > 1 else "data/arkhtide"
out = sys.argv[2] if len(sys.argv) > 2 else "docs/cards-arkhtide.md"
cards = []
for path in sorted(glob.glob(os.path.join(data, "*.yaml"))):
    if os.path.basename(path).startswith("deck"):
        continue
    cards.extend(yaml.safe_load(open(path, encoding="utf-8")).get("cards") or [])
TYPE_ORDER = {"seeker": 0, "unit": 1, "feat": 2, "binding": 3, "realm": 4, "status": 5}
def atk(v):
    return "–" if v is None or v == "-" else str(v)
def name(c):
    n = c["name"]
    if "unique" in (c.get("traits") or []):
        n += " •"
    return n
def traits(c):
    return ", ".join(t for t in (c.get("traits") or []) if t != "unique")
def mods(c):
    parts = []
    for k, lab in (("soul", "Soul"), ("melee", "Melee"), ("ranged", "Ranged"), ("health", "Health")):
        v = c.get(k)
        if v:
            parts.append("%+d %s" % (v, lab))
    return ", ".join(parts)
factions = sorted({c["faction"] for c in cards if c["type"] in ("unit", "feat", "binding") and not c.get("token")})
L = []
L.append("# The Arkhtide card set\n")
L.append("The card set of Carta's Arkhtide rule system, written from `data/arkhtide/*.yaml` (format:")
L.append("docs/card-format/arkhtide.md). Names and texts are Carta's own. Keep this page in step with the")
L.append("card files. A `•` after a name marks a Unique Unit. Attacks shown as `–` cannot Strike. On")
L.append("Bindings and Statuses the stat columns are modifiers to the card they are on.")
L.append("Deck rules and the rulings this set relies on: docs/rulings/arkhtide.md, \"Content and deck rules\".\n")
n_main = sum(1 for c in cards if c["type"] in ("unit", "feat", "binding") and not c.get("token"))
n_realm = sum(1 for c in cards if c["type"] == "realm" and not c.get("neutral"))
L.append("%d cards: %d Seekers, %d Main Deck cards in %d factions, %d Realms, the Neutral Realm, %d Tokens and %d Statuses.\n" % (
    len(cards), sum(1 for c in cards if c["type"] == "seeker"), n_main, len(factions), n_realm,
    sum(1 for c in cards if c.get("token")), sum(1 for c in cards if c["type"] == "status")))
L.append("| faction | Seeker | Main Deck | Units (Unique) | Feats | Bindings | theme |")
L.append("| --- | --- | --- | --- | --- | --- | --- |")
themes = {
 "emberwake": "martyr-knights: Oath, Penitent, Cheat Death, Paragon; Willpower for power",
 "thornveil": "beasts and druids: Metamorphosis, Paragon, Reaping, Severed, Thornling Tokens",
 "duskmantle": "assassins and spies: Ambush, Stealth, Evasion, Lethal, Willpower theft",
 "brinehold": "salvagers: Collector, Cask, Reaping from range, Oath bulwarks",
}
for f in factions:
    fc = [c for c in cards if c.get("faction") == f and not c.get("token")]
    units = [c for c in fc if c["type"] == "unit"]
    L.append("| %s | %s | %d | %d (%d) | %d | %d | %s |" % (f, ", ".join(c["name"] for c in fc if c["type"] == "seeker"),
        sum(1 for c in fc if c["type"] in ("unit", "feat", "binding")), len(units),
        sum(1 for c in units if "unique" in (c.get("traits") or [])),
        sum(1 for c in fc if c["type"] == "feat"), sum(1 for c in fc if c["type"] == "binding"), themes.get(f, "")))
L.append("")
kws = {}
for c in cards:
    for k in c.get("keywords") or []:
        kws.setdefault(str(k).split()[0], []).append(c["name"] + (" (" + str(k).split()[1] + ")" if " " in str(k) else ""))
L.append("## Keywords on cards\n")
L.append("| keyword | cards |")
L.append("| --- | --- |")
for k in sorted(kws):
    L.append("| %s | %s |" % (k.replace("_", " "), ", ".join(kws[k])))
L.append("| ability accumulation | Feral Totem and Chain Harpoon (Bindings) and Bloodfrenzy (Status) add Reaping 1 to a Unit that may already have Reaping |")
L.append("")
for f in factions:
    L.append("## %s\n" % f.capitalize())
    fc = sorted([c for c in cards if c.get("faction") == f], key=lambda c: (TYPE_ORDER[c["type"]], bool(c.get("token")), c.get("cost", 0), c["name"]))
    L.append("| name | type | cost | Soul | Melee | Ranged | Health | Block | traits | text |")
    L.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in fc:
        t = c["type"] + (" (token)" if c.get("token") else "")
        if c["type"] in ("seeker", "unit"):
            row = (name(c), t, str(c.get("cost", "")), str(c.get("soul", 0)), atk(c.get("melee")), atk(c.get("ranged")), str(c.get("health", "")), "")
        else:
            mod = lambda k: "%+d" % c[k] if c.get(k) else ""
            row = (name(c), t, str(c.get("cost", "")), mod("soul"), mod("melee"), mod("ranged"), mod("health"),
                   str(c.get("block", "")) if c["type"] != "status" else "")
        L.append("| %s | %s | %s |" % (" | ".join(row), traits(c), c.get("text", "").replace("|", "/")))
    L.append("")
L.append("## Realms\n")
L.append("Realms have no faction. \"Side A / Side B\" marks an asymmetric Realm: the seat that picks it")
L.append("chooses its side, every other seat uses the other one. The Neutral Realm is placed by the rules")
L.append("in Seeker's Duel and is never in a Realm Deck.\n")
L.append("| name | Initiative | Quintessence | text |")
L.append("| --- | --- | --- | --- |")
for c in sorted([c for c in cards if c["type"] == "realm"], key=lambda c: (not c.get("neutral"), -c.get("initiative", 10), c["name"])):
    L.append("| %s | %s | %d | %s |" % (c["name"] + (" (Neutral Realm)" if c.get("neutral") else ""),
        "–" if c.get("neutral") else str(c.get("initiative", 0)), c["quintessence"], c.get("text", "").replace("|", "/")))
L.append("")
toks = [c for c in cards if not c.get("faction") and c["type"] != "realm"]
if toks:
    L.append("## Tokens and Statuses without a faction\n")
    L.append("| name | type | Soul | Melee | Ranged | Health | text |")
    L.append("| --- | --- | --- | --- | --- | --- | --- |")
    for c in toks:
        L.append("| %s | %s | %s | %s | %s | %s | %s |" % (c["name"], c["type"] + (" (token)" if c.get("token") else ""), c.get("soul", 0), atk(c.get("melee")), atk(c.get("ranged")), c.get("health", ""), c.get("text", "")))
    L.append("")
L.append("## Decks\n")
L.append("""A deck file (`data/arkhtide/decks/*.yaml`, or any path given to `--deck`) is a map with `name:`,
an optional `description:` and `cards:`, one list holding the Seeker, the Main Deck and the Realm
Deck (the engine splits them by card type). An entry is a card name (one copy) or
`{name: N, count: C}`:

```yaml
name: "Pyre Vigil"
description: "..."
cards:
  - "Vesna Ashgrave"                        # the Seeker
  - {name: "Cinderoath Squire", count: 3}   # Main Deck cards
  - "The Unburnt Abbot"
  - "Pillar of the Last Oath"               # the 7 Realms
```

A deck spec is a prebuilt deck's name (any case) or its file's slug (`pyre-vigil`), a path to a
deck file, or `random`: a legal deck generated from the seed alone. Every deck is checked
against the deck-building rules (docs/rulings/arkhtide.md, "Content and deck rules"): exactly one
Seeker; a Main Deck of 33 to 42 Units, Feats and Bindings with at most 3 copies of a card and
cards of at most 3 factions, the Seeker's and 2 more; a Realm Deck of exactly 7 Realms with no
copies; no Tokens, Statuses or Neutral Realm. A file's errors give its line and the reason
(`decks/x.yaml:14: error: 'Smokebearer' is listed 4 times: a Main Deck has at most 3 copies of a
card`).

### Prebuilt decks
""")
L.append("| deck | Seeker | Main Deck | factions (cards) | Realm Deck |")
L.append("| --- | --- | --- | --- | --- |")
byname = {c["name"]: c for c in cards}
for path in sorted(glob.glob(os.path.join(data, "decks", "*.yaml"))):
    d = yaml.safe_load(open(path, encoding="utf-8"))
    seeker = None; fac = {}; realms = []; n = 0
    for e in d["cards"]:
        nm, cnt = (e, 1) if isinstance(e, str) else (e["name"], e.get("count", 1))
        c = byname[nm]
        if c["type"] == "seeker": seeker = nm
        elif c["type"] == "realm": realms.append(nm)
        else:
            n += cnt; fac[c["faction"]] = fac.get(c["faction"], 0) + cnt
    L.append("| %s (`%s`) | %s | %d | %s | %s |" % (d["name"], os.path.basename(path)[:-5], seeker, n,
        ", ".join("%s (%d)" % kv for kv in sorted(fac.items(), key=lambda kv: -kv[1])), ", ".join(realms)))
L.append("")
for path in sorted(glob.glob(os.path.join(data, "decks", "*.yaml"))):
    d = yaml.safe_load(open(path, encoding="utf-8"))
    L.append("- **%s**: %s" % (d["name"], d.get("description", "")))
L.append("")
open(out, "w", encoding="utf-8").write("\n".join(L))
