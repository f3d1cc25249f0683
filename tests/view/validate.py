#!/usr/bin/env python3
"""validate.py: the views of states along random games of every rule system and player count
(`carta view`) against docs/view.schema.json, plus what a schema cannot say: a zone's count is
its number of cards, the viewer is the seat asked for, the seats are numbered 0..n-1, and what
a spectator sees of a hand is what its owner sees there (a card returned to a hand in plain
sight is known to all; the rest stays hidden).

usage: validate.py CARTA SCHEMA"""
import json
import subprocess
import sys

import jsonschema

CONFIGS = [("aember", 2), ("leaders", 2), ("essence", 2), ("archmajesty", 2), ("archmajesty", 4),
           ("arkhtide", 2), ("arkhtide", 3), ("arkhtide", 4),
           ("arkhtide", 5)]
AFTERS = [0, 12, 60, 200, 600]


def view(carta, game, players, seed, after, seat):
    out = subprocess.run([carta, "view", game, "--players", str(players), "--seed", str(seed),
                          "--after", str(after), "--seat", str(seat), "--actions"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def zones(v):
    for s in v["seats"]:
        for name, z in s["zones"].items():
            yield s["seat"], name, z


def check(v, game, players, seat, where):
    assert v["game"] == game, where
    assert v["viewer"] == (seat - 1 if seat else None), where
    assert [s["seat"] for s in v["seats"]] == list(range(players)), where
    for owner, name, z in zones(v):
        assert z["count"] == len(z["cards"]), f"{where}: seat {owner} {name}"
    realms = {r["slot"]: r for r in v["board"].get("realms", [])} if game == "arkhtide" else {}
    for slot, r in realms.items():  # Arkhtide: adjacency is between Realms in play, both ways
        assert slot not in r["nearby"], f"{where}: Realm {slot} next to itself"
        assert all(n in realms and slot in realms[n]["nearby"] for n in r["nearby"]), \
            f"{where}: Realm {slot} nearby {r['nearby']}"
    texts = [a["text"] for a in v.get("actions", [])]
    assert len(texts) == len(set(texts)), f"{where}: two actions read the same"
    for a in v.get("actions", []):  # the seat's own actions name no card hidden from it
        for key in ("card", "target"):
            part = a.get("parts", {}).get(key)
            if not isinstance(part, dict) or "card" not in part:  # Archmajesty: a character
                continue
            card = part.get("card")
            if isinstance(card, dict):  # a piece: {"card": {...}, "uid": n}
                card = card.get("card")
            assert card is not None, f"{where}: '{a['text']}' acts with a hidden card"


def check_spectator(spectator, views, where):
    """Every hand card a spectator sees is the card its owner sees there."""
    for owner, name, z in zones(spectator):
        if name != "hand":
            continue
        own = views[owner + 1]["seats"][owner]["zones"]["hand"]["cards"]
        for i, c in enumerate(z["cards"]):
            assert c["card"] is None or c == own[i], f"{where}: spectator sees {c} in a hand"


def main():
    carta, schema_path = sys.argv[1], sys.argv[2]
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    checked = actions = 0
    for game, players in CONFIGS:
        for seed in (1, 2):
            for after in AFTERS:
                views = []
                for seat in range(players + 1):
                    where = f"{game} players {players} seed {seed} after {after} seat {seat}"
                    v = view(carta, game, players, seed, after, seat)
                    views.append(v)
                    errors = sorted(validator.iter_errors(v), key=lambda e: list(e.path))
                    if errors:
                        e = errors[0]
                        print(f"{where}: {'/'.join(map(str, e.path))}: {e.message}")
                        return 1
                    check(v, game, players, seat, where)
                    checked += 1
                    actions += "actions" in v
                check_spectator(views[0], views, f"{game} players {players} seed {seed} after {after}")
    print(f"{checked} views valid, {actions} with the actions of the seat to act")
    return 0


if __name__ == "__main__":
    sys.exit(main())
