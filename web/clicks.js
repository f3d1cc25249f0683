// clicks.js: the legal actions as clicks on the things they act on (docs/view.md, "Actions").
// Each action's parts name what it acts with ("card": a card or a piece) and what it acts on
// ("target", "cell", "realm_slot"); a unit on a grid acts "from" its cell. A click on a thing that acts chooses it and offers its
// actions; a click then on one of their targets takes the action; a click on a thing that is only
// acted on offers what acts on it, or takes the action when there is one.

// A thing's key: a piece by its uid, a card by its catalog id, a cell or a Realm by name.
export function thingKey(x) {
  if (x === null || typeof x !== "object") return null;
  if (x.uid !== undefined && x.uid !== null) return "uid:" + x.uid;
  if (x.card && typeof x.card === "object") return thingKey(x.card);
  return x.id !== undefined && x.id !== null ? "card:" + x.id : null;
}

// The key of what an action acts with: a unit on a grid by its cell, a card by its zone too (a
// card in hand is not its copy in the discard pile), a piece by its uid.
function withKey(p) {
  const from = p.from || "";
  if (/^[A-Z][0-9]+$/.test(from)) return "cell:" + from;
  const k = thingKey(p.card);
  return k && k.startsWith("card:") && from ? from + ":" + k : k;
}

// The key of a card drawn in zone (null: not in a zone), as withKey names it.
export function cardKey(card, zone) {
  const k = thingKey(card);
  return k && zone ? zone + ":" + k : k;
}

export class Clicks {
  constructor(legal) {
    this.with = new Map(); // key -> indexes of the actions acting with it
    this.on = new Map();   // key -> indexes of the actions acting on it
    this.targetsOf = [];   // index -> the keys it acts on
    (legal || []).forEach((a, i) => {
      const p = a.parts || {};
      const on = [thingKey(p.target), p.cell ? "cell:" + p.cell : null,
        p.realm_slot !== undefined && p.realm_slot !== null ? "realm:" + p.realm_slot : null].filter(Boolean);
      this.targetsOf[i] = on;
      add(this.with, withKey(p), i);
      on.forEach((k) => add(this.on, k, i));
    });
  }

  // Whether a click on k does anything, with chosen (the actions offered now, or null).
  offers(k, chosen) {
    return this.aimed(k, chosen).length > 0 || this.with.has(k) || this.on.has(k);
  }

  // Of the chosen actions, those acting on k.
  aimed(k, chosen) {
    return chosen ? chosen.actions.filter((i) => this.targetsOf[i].includes(k)) : [];
  }

  // What a click on k does: {act: i}, {choose: {key, actions}} or null (nothing to do with it).
  click(k, chosen) {
    const aimed = this.aimed(k, chosen);
    if (aimed.length === 1) return {act: aimed[0]};
    if (aimed.length > 1) return {choose: {key: k, actions: aimed}};
    const w = this.with.get(k) || [], o = this.on.get(k) || [];
    if (!w.length && o.length === 1) return {act: o[0]};
    return w.length || o.length ? {choose: {key: k, actions: [...w, ...o.filter((i) => !w.includes(i))]}} : null;
  }
}

function add(map, key, i) {
  if (!key) return;
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(i);
}
