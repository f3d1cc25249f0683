// app.js: Carta's web table (docs/protocol.md). Plain modules, no build step: the lobby creates
// a table; a table page draws the seat's view (docs/view.md), its legal actions and the log.
// Everything shown comes from the server's messages for this seat: the page knows no more.

import {Clicks, cardKey, thingKey} from "./clicks.js";
import {gmPanel} from "./gm.js";

const main = document.getElementById("main");
const status = document.getElementById("status");
let ws = null;
let games = [];
let table = null; // {id, tokens: [seat tokens this screen holds], seat, state, replay, chosen}
let clicks = new Clicks([]); // the legal actions drawn, by the things they act with and on
let log = [];
let gm = null; // the Gamemaster's panel's answer handler, on #/gm/TOKEN

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onchange") e[k] = v;
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

// #/table/ID (watch), #/table/ID?token=T (a seat), #/table/ID?tokens=T1,T2 (hot-seat: every
// person's seat on this screen, each joined in turn as it decides).
function route() {
  gm = null;
  const m = location.hash.match(/^#\/table\/([0-9a-f]+)(?:\?tokens?=([0-9a-f,]+))?/);
  if (m) {
    table = {id: m[1], tokens: m[2] ? m[2].split(",") : [], token: null, seat: null, state: null, replay: null};
    log = [];
    main.replaceChildren(el("p", {}, "joining table ", m[1], "…"));
    join(table.tokens[0] || null);
  } else if (location.hash.startsWith("#/gm/")) {
    table = null;
    gm = gmPanel(main, el, send, location.hash.slice(5));
  } else if (location.hash === "#/sim") {
    table = null;
    drawSimForm();
  } else {
    table = null;
    drawLobby();
  }
}

function join(token) {
  table.token = token;
  const msg = {type: "join", table: table.id};
  if (token) msg.token = token;
  send(msg);
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/";
  ws = new WebSocket(url, "carta");
  ws.onopen = () => { status.textContent = "connected"; send({type: "games"}); route(); };
  ws.onclose = () => { status.textContent = "disconnected: reconnecting…"; setTimeout(connect, 1000); };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
}

function receive(m) {
  if (m.type === "games") { games = m.games; if (!table && !gm) route(); }
  else if (m.type === "created") drawCreated(m);
  else if (m.type === "joined") { if (table) table.seat = m.seat; }
  else if (m.type === "state") { if (table && m.table === table.id) { table.state = m; table.chosen = null; log.push(...m.log); hotSeat(m) || drawTable(); } }
  else if (m.type === "replay") { if (table && m.table === table.id) { table.replay = m; drawTable(); } }
  else if (m.type === "card") showCard(m);
  else if (m.type === "tables") drawTableList(m.tables);
  else if (m.type === "sim_started" || m.type === "sim_progress") drawSimProgress(m);
  else if (m.type === "sim_done") drawSimResults(m.summary, m.run);
  else if (m.type === "gm") { if (gm) gm(m); }
  else if (m.type === "error") showError(m);
}

// A card's face, from the card data, in a panel that stays until closed.
function showCard(m) {
  const panel = document.getElementById("card-face") || document.body.appendChild(el("aside", {id: "card-face"}));
  panel.replaceChildren(el("button", {class: "close", onclick: () => panel.remove()}, "×"),
    el("h3", {}, m.name), el("pre", {}, m.text));
}

function showError(m) {
  const box = document.getElementById("error") || main.appendChild(el("div", {id: "error", class: "error"}));
  box.textContent = m.message + " (" + m.code + ")";
}

// Hot-seat: when another seat this screen holds decides, hand the screen over to it first.
function hotSeat(m) {
  if (table.tokens.length < 2 || m.legal || !m.view || m.view.over) return false;
  const next = (m.view.to_act || [])[0];
  const i = m.players.filter((p) => p.player === "human").findIndex((p) => p.seat === next);
  if (i < 0 || !table.tokens[i] || table.tokens[i] === table.token) return false;
  main.replaceChildren(el("section", {class: "head"}, el("h2", {}, "Pass the screen to player ", next + 1),
    el("button", {id: "take-over", onclick: () => { log = []; join(table.tokens[i]); }}, "I am player ", next + 1)));
  return true;
}

// ---- the lobby ----

function drawLobby() {
  if (!games.length) { main.replaceChildren(el("p", {}, "loading the rule systems…")); return; }
  drawNewTable();
  main.append(el("section", {class: "lobby", id: "table-list"}, el("h2", {}, "Tables"), "…"));
  send({type: "tables"});
  main.append(el("section", {class: "lobby"}, el("h2", {}, "Simulate"),
    el("p", {}, "AI against AI, many games: win rates with their intervals, deck against deck, card by card. ",
      el("a", {href: "#/sim", id: "to-sim"}, "Open the simulation page"))));
}

function drawNewTable() {
  const gameSel = el("select", {id: "game"}, games.map((g) => el("option", {value: g.id}, g.name)));
  const players = el("input", {id: "players", type: "number", min: 1, max: 6, value: 2});
  const seed = el("input", {id: "seed", type: "text", placeholder: "from the clock"});
  const mode = el("select", {id: "mode"});
  const seatsBox = el("div", {id: "seats"});
  const drawSeats = () => {
    const g = games.find((x) => x.id === gameSel.value);
    players.min = g.players[0]; players.max = g.players[1];
    let n = Math.min(Math.max(+players.value || 2, g.players[0]), g.players[1]);
    players.value = n;
    const fits = (g.modes || []).filter((m) => n >= m.players[0] && n <= m.players[1]);
    mode.replaceChildren(el("option", {value: ""}, fits.length ? "the usual for " + n + " players" : "–"),
      ...fits.map((m) => el("option", {value: m.name}, m.title)));
    seatsBox.replaceChildren(...Array.from({length: n}, (_, i) => el("div", {class: "seat"},
      el("span", {}, "player ", i + 1, seatRole(g, n, i) ? " (" + seatRole(g, n, i) + ")" : "", ": "),
      el("select", {class: "who"}, el("option", {value: "human"}, "a person"),
        el("option", {value: "ai:greedy"}, "AI: greedy"), el("option", {value: "ai:random"}, "AI: random"),
        el("option", {value: "ai:mcts:ms=100"}, "AI: search, 100 ms"), el("option", {value: "ai:mcts:ms=1000"}, "AI: search, 1 s")),
      deckSelect(g, n, i))));
    if (n > 1) seatsBox.children[1].querySelector(".who").value = "ai:greedy";
  };
  gameSel.onchange = drawSeats;
  players.onchange = drawSeats;
  drawSeats();
  const create = el("button", {id: "create", onclick: () => {
    const seats = [...seatsBox.children].map((s) => {
      const who = s.querySelector(".who").value, deck = s.querySelector(".deck").value;
      return who === "human" ? {player: "human", deck} : {player: "ai", ai: who.slice(3), deck};
    });
    const msg = {type: "create", game: gameSel.value, players: +players.value, seats};
    if (mode.value) msg.mode = mode.value;
    if (seed.value.trim()) msg.seed = +seed.value.trim();
    send(msg);
  }}, "Create the table");
  main.replaceChildren(el("section", {class: "lobby"}, el("h2", {}, "A new table"),
    el("label", {}, "Rule system ", gameSel), el("label", {}, "Players ", players), el("label", {}, "Mode ", mode),
    el("label", {}, "Seed ", seed), seatsBox, create));
}

function drawCreated(m) {
  const base = location.origin + location.pathname;
  const rows = m.seats.map((s) => s.player === "human"
    ? el("li", {}, "player ", s.seat + 1, ": ",
        el("a", {href: base + "#/table/" + m.table + "?token=" + s.token, class: "seat-link"}, "play this seat"),
        " (send this link only to that player)")
    : el("li", {}, "player ", s.seat + 1, ": AI (", s.ai, ")"));
  const people = m.seats.filter((s) => s.player === "human").map((s) => s.token);
  main.replaceChildren(el("section", {class: "created"}, el("h2", {}, "Table ", m.table, " (", m.game, ")"),
    el("ul", {}, rows),
    people.length > 1 ? el("p", {}, el("a", {href: base + "#/table/" + m.table + "?tokens=" + people.join(","), id: "hot-seat"},
      "everyone at this screen"), " (hot-seat: the screen is handed over before each player's turn)") : "",
    el("p", {}, el("a", {href: base + "#/table/" + m.table}, "watch"), " (spectators see only what is public)"),
    el("button", {onclick: () => drawLobby()}, "Back to the lobby")));
}

function drawTableList(list) {
  const box = document.getElementById("table-list");
  if (!box) return;
  box.replaceChildren(el("h2", {}, "Tables"), list.length ? el("ul", {}, list.slice(0, 30).map((t) => el("li", {},
    el("a", {href: "#/table/" + t.table}, t.game, " ", t.table), " — ",
    t.players.map((p) => p.player === "ai" ? p.ai : "a person").join(" vs "), ", ",
    t.over ? "over (replay it)" : t.step + " actions so far"))) : el("p", {}, "none yet"));
}

// ---- the simulation page ----

// The part seat i of n plays where a game's seats differ (Archmajesty's mages and Gamemaster).
function seatRole(g, n, i) { return ((g.seat_roles || {})[n] || [])[i] || ""; }

// A seat's deck choice: "random" and the prebuilt decks built for its part.
function deckSelect(g, n, i) {
  const role = seatRole(g, n, i), fits = (d) => !role || !(g.deck_roles || {})[d] || g.deck_roles[d] === role;
  return el("select", {class: "deck"}, el("option", {value: "random"}, "random deck"),
    g.decks.filter(fits).sort().map((d) => el("option", {value: d}, d)));
}

function drawSimForm() {
  if (!games.length) { main.replaceChildren(el("p", {}, "loading the rule systems…")); return; }
  const gameSel = el("select", {id: "sim-game"}, games.map((g) => el("option", {value: g.id}, g.name)));
  const count = el("input", {id: "sim-games", type: "number", min: 1, max: 10000, value: 200});
  const seed = el("input", {id: "sim-seed", type: "number", value: 1});
  const seatsBox = el("div", {id: "sim-seats"});
  const ais = ["greedy", "random", "mcts:iters=200", "mcts:iters=1000", "mcts:ms=100"];
  const drawSeats = () => {
    const g = games.find((x) => x.id === gameSel.value), n = Math.max(2, g.players[0]);
    seatsBox.replaceChildren(...Array.from({length: n}, (_, i) => el("div", {class: "seat"}, "player ", i + 1,
      seatRole(g, n, i) ? " (" + seatRole(g, n, i) + ")" : "", ": ",
      el("select", {class: "ai"}, ais.map((a) => el("option", {value: a}, a))), deckSelect(g, n, i))));
    seatsBox.children[1].querySelector(".ai").value = "random";
  };
  gameSel.onchange = drawSeats;
  drawSeats();
  const run = el("button", {id: "sim-run", onclick: () => {
    const rows = [...seatsBox.children];
    send({type: "sim", game: gameSel.value, games: +count.value, seed: +seed.value,
          seats: rows.map((r) => r.querySelector(".ai").value), decks: rows.map((r) => r.querySelector(".deck").value)});
  }}, "Run");
  main.replaceChildren(el("section", {class: "lobby"}, el("h2", {}, "Simulation"),
    el("label", {}, "Rule system ", gameSel), el("label", {}, "Games ", count), el("label", {}, "Seed ", seed),
    seatsBox, run, el("p", {}, el("a", {href: "#/"}, "back to the tables"))),
    el("section", {id: "sim-out", class: "sim-out"}));
}

function simOut() {
  return document.getElementById("sim-out") || main.appendChild(el("section", {id: "sim-out", class: "sim-out"}));
}

function drawSimProgress(m) {
  const done = m.done || 0;
  simOut().replaceChildren(el("h3", {}, "Playing: ", done, " of ", m.games, " games"),
    el("progress", {id: "sim-progress", max: m.games, value: done}));
}

const pct = (x) => x === null || x === undefined ? "–" : (100 * x).toFixed(1) + "%";

// Win rates as bars with their 95% intervals, drawn in SVG.
function winRatePlot(players) {
  const W = 520, row = 34, H = players.length * row + 30, x0 = 170, w = W - x0 - 20;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "plot");
  const add = (tag, attrs, text) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text !== undefined) e.textContent = text; svg.append(e); };
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    add("line", {x1: x0 + t * w, x2: x0 + t * w, y1: 5, y2: H - 20, class: "tick"});
    add("text", {x: x0 + t * w, y: H - 5, "text-anchor": "middle", class: "axis"}, t * 100 + "%");
  }
  players.forEach((p, i) => {
    const y = 10 + i * row;
    add("text", {x: 5, y: y + 16, class: "label"}, "player " + p.player + ": " + p.ai);
    add("rect", {x: x0, y: y + 4, width: p.win_rate * w, height: 16, class: "bar"});
    add("line", {x1: x0 + p.ci_low * w, x2: x0 + p.ci_high * w, y1: y + 12, y2: y + 12, class: "ci"});
    for (const c of [p.ci_low, p.ci_high]) add("line", {x1: x0 + c * w, x2: x0 + c * w, y1: y + 6, y2: y + 18, class: "ci"});
  });
  return svg;
}

function drawSimResults(sum, run) {
  const players = sum.players || [];
  const out = simOut();
  const parts = [run ? el("p", {id: "sim-kept"}, "Kept in the server's database as run " + run + " (carta sim --db's runs table).") : "",
    el("h3", {}, "Win rates (95% intervals)"), winRatePlot(players),
    el("table", {class: "stats", id: "sim-players"}, el("tr", {}, ["player", "AI", "deck", "wins", "draws", "losses", "win rate", "95% interval"].map((h) => el("th", {}, h))),
      players.map((p) => el("tr", {}, [p.player, p.ai, p.deck, p.wins, p.draws, p.losses, pct(p.win_rate), pct(p.ci_low) + " – " + pct(p.ci_high)].map((c) => el("td", {}, c)))))];
  const len = sum.length || {};
  parts.push(el("p", {}, "A game lasts ", len.avg_actions, " actions on average",
    len.avg_turns !== null && len.avg_turns !== undefined ? ", " + len.avg_turns + " turns" : "",
    len.avg_rounds !== null && len.avg_rounds !== undefined ? ", " + len.avg_rounds + " rounds" : "", "."));
  const bars = (len.histogram && len.histogram.bars) || [];
  const most = Math.max(1, ...bars.map((b) => b.games));
  if (bars.length)
    parts.push(el("h3", {}, "How long games lasted (" + len.histogram.unit + ")"),
      el("table", {class: "histogram", id: "sim-length"}, bars.map((b) => el("tr", {},
        el("th", {}, b.from === b.to ? b.from : b.from + "–" + b.to),
        el("td", {}, el("span", {class: "bar", style: "width: " + (12 * b.games / most) + "em"}), " ", b.games)))));
  if (sum.endings && sum.endings.length)
    parts.push(el("h3", {}, "How games ended"), el("ul", {id: "sim-endings"}, sum.endings.map((e) =>
      el("li", {}, e.end, ": ", e.games, " (", pct(e.rate), ", 95% interval ", pct(e.ci_low), " – ", pct(e.ci_high), ")"))));
  const m = sum.matrix;
  if (m && m.decks && m.decks.length > 1) {
    parts.push(el("h3", {}, "Deck against deck (the row deck's win rate)"),
      el("table", {class: "matrix", id: "sim-matrix"}, el("tr", {}, el("th", {}), m.decks.map((d) => el("th", {}, d))),
        m.decks.map((d, a) => el("tr", {}, el("th", {}, d), m.decks.map((_, b) => {
          const r = m.win_rate[a][b], lo = m.ci_low ? m.ci_low[a][b] : null, hi = m.ci_high ? m.ci_high[a][b] : null;
          return el("td", {style: r === null ? "" : `background: hsl(${120 * r}, 60%, 75%)`},
            r === null ? "–" : a === b ? "mirror (" + m.games[a][b] / 2 + ")" : pct(r) + (lo !== null ? " [" + pct(lo) + ", " + pct(hi) + "]" : "") + " (" + m.games[a][b] + ")");
        })))));
  }
  const cards = (sum.cards || []).slice(0, 40);
  // Each card's players apart when they play different AIs or decks: a card in a stronger AI's
  // hands wins more whatever it does.
  const who = (sum.players || []).map((p) => p.ai + " " + p.deck);
  const split = who.some((w) => w !== who[0]);
  const row = (name, c, cls) => el("tr", {class: cls}, [name, c.in_deck, c.played,
    pct(c.played_win_rate) + " [" + pct(c.played_ci_low) + ", " + pct(c.played_ci_high) + "]",
    pct(c.not_played_win_rate) + " [" + pct(c.not_played_ci_low) + ", " + pct(c.not_played_ci_high) + "]"].map((x) => el("td", {}, x)));
  if (cards.length)
    parts.push(el("h3", {}, "Cards (the 40 most played): the win rate of the player who played it, and who did not",
      split ? "; under each card, each player apart" : ""),
      el("table", {class: "stats", id: "sim-cards"}, el("tr", {}, ["card", "in deck", "played", "win when played", "win when not"].map((h) => el("th", {}, h))),
        cards.map((c) => [row(c.card, c, ""), split ? (c.players || []).map((p) => row("player " + p.player + " (" + p.ai + ")", p, "by-player")) : []])));
  out.replaceChildren(...parts);
}

// ---- a table ----

function cardName(c) {
  if (!c || typeof c !== "object" || !("card" in c)) return null;
  return c.card === null ? "?" : typeof c.card === "string" ? c.card : null;
}

// v drawn as the view gives it: cards by name (in zone: the key of the map holding them),
// zones as counts and the cards this seat may see, maps as terms, lists in a row.
function value(v, zone) {
  if (v === null || v === undefined) return "–";
  const name = cardName(v);
  if (name !== null) {
    if (name === "?") return el("span", {class: "card hidden"}, "?");
    return clickable(el("span", {class: "card"}, name), cardKey(v, zone), () => readCard(v));
  }
  if (isPiece(v)) return piece(v);
  if (Array.isArray(v)) {
    if (v.length && v.every(isPiece)) return el("div", {class: "line"}, v.map(piece));
    return el("span", {}, v.map((x, i) => [i ? ", " : "", value(x, zone)]));
  }
  if (typeof v === "object") {
    if ("count" in v && "cards" in v) { // a zone: the cards this seat may see, then how many it may not
      const known = v.cards.filter((c) => c.card !== null), unseen = v.count - known.length;
      if (!known.length) return el("span", {class: "zone"}, v.count, v.count ? " (hidden)" : "");
      return el("span", {class: "zone"}, v.count, ": ", value(known, zone), unseen ? ", and " + unseen + " face down" : "");
    }
    return el("dl", {}, Object.entries(v).map(([k, x]) => [el("dt", {}, k), el("dd", {}, value(x, k))]));
  }
  return String(v);
}

// A thing in play: its card and what is on it (the card itself is a {card, id} reference).
function isPiece(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && v.card !== null && typeof v.card === "object" && !Array.isArray(v.card);
}

// One thing in play as a small card: its name, then what matters of it at a glance.
function piece(p, note) {
  const stats = [];
  if (p.power !== undefined) stats.push("power " + p.power + (p.armor ? ", armor " + p.armor : "") + (p.damage ? ", damage " + p.damage : ""));
  if (p.health !== undefined && p.health !== null) stats.push("health " + p.health + (p.wounds ? ", wounds " + p.wounds : ""));
  if (p.melee !== undefined && p.melee !== null) stats.push("melee " + p.melee + (p.ranged !== null && p.ranged !== undefined ? ", ranged " + p.ranged : ""));
  if (p.aember) stats.push(p.aember + " Æmber");
  const flags = ["exhausted", "stunned", "seeker", "critically_wounded"].filter((f) => p[f]).map((f) => f.replace("_", " "));
  if (typeof note === "string") flags.push(note);
  return clickable(el("div", {class: "piece owner" + (p.owner ?? "")}, el("span", {class: "card-name"}, cardName(p.card) ?? "?"),
    el("div", {class: "stats"}, stats.join("; ")), flags.length ? el("div", {class: "flags"}, flags.join(", ")) : ""),
  thingKey(p), () => readCard(p.card));
}

// A seat: counters and zones, its battleline (Æmber's creatures and artifacts), then the rest.
function drawSeat(s, viewer) {
  const title = "player " + (s.seat + 1) + (s.seat === viewer ? " (you)" : "") + (s.role ? " — " + s.role : "");
  const drawn = ["seat", "counters", "zones", "role", "line", "artifacts"];
  const rest = Object.fromEntries(Object.entries(s).filter(([k]) => !drawn.includes(k)));
  const line = s.line ? el("div", {class: "line"}, el("h4", {}, "Battleline"), s.line.length ? s.line.map((p, i) => piece(p, i === 0 || i === s.line.length - 1 ? "flank" : "")) : "empty") : "";
  const artifacts = s.artifacts && s.artifacts.length ? el("div", {class: "line"}, el("h4", {}, "Artifacts"), s.artifacts.map(piece)) : "";
  return el("section", {class: "seat-box" + (s.seat === viewer ? " mine" : "")}, el("h3", {}, title),
    value(s.counters || {}), value(s.zones || {}), line, artifacts, Object.keys(rest).length ? value(rest) : "");
}

function drawBoard(board) {
  if (!board) return "";
  if (board.map && board.characters) { // Archmajesty's battle map
    const marks = {};
    const who = {};
    // M: a mage, m: a minion (its controller's ally, commanded in its turn), E: an enemy
    // a Large character (R121) holds every square of c.cells
    board.characters.forEach((c, i) => { if (!c.gone) (c.cells || [c.cell]).forEach((sq) => { marks[sq] = (c.side === "allies" ? (c.minion ? "m" : "M") : "E") + i; who[sq] = c; }); });
    const objects = {}; // objects (R92) by square, and the squares of the lasting areas
    (board.objects || []).forEach((o) => { objects[o.cell] = o; });
    const inArea = (x, y) => (board.areas || []).some((a) => {
      const ax = a.cell.charCodeAt(0) - 65, ay = parseInt(a.cell.slice(1), 10) - 1;
      return x >= ax && y >= ay && x < ax + a.width && y < ay + a.height;
    });
    const rows = board.map.map((row, y) => el("tr", {}, [...row].map((ch, x) => {
      const cell = String.fromCharCode(65 + x) + (y + 1), o = objects[cell];
      const kind = ch === "#" ? "wall" : marks[cell] ? (marks[cell][0] === "E" ? "enemy" : "ally") : ch === "o" ? "object" : "";
      const td = el("td", {class: kind + (inArea(x, y) ? " area" : ""), title: o ? cell + ": " + o.name + (o.blocks_sight ? " (blocks line of sight)" : "") : cell},
        marks[cell] || (o ? "o" : ""));
      return clickable(td, who[cell] && clicks.offers(thingKey(who[cell]), table.chosen) ? thingKey(who[cell]) : "cell:" + cell);
    })));
    return el("section", {class: "board"}, el("h3", {}, "Battle map"), el("table", {class: "grid"}, rows),
      el("ol", {start: 0}, board.characters.map((c) => clickable(el("li", {class: c.gone ? "gone" : ""},
        c.name, ": ", c.hp, "/", c.hp_max, " HP", c.knocked_out ? ", knocked out" : "", c.bloodied ? ", bloodied" : "",
        c.minion ? ", " + c.command_points + " Command Point(s)" + (c.minion === "companion" ? ", companion" : "") : ""), thingKey(c))))
    );
  }
  if (board.cols && board.rows && board.cells) { // the Leaders grid: columns A.., rows 1..
    const arrows = {north: "↑", south: "↓", east: "→", west: "←"};
    const rows = Array.from({length: board.rows}, (_, y) => el("tr", {}, Array.from({length: board.cols}, (_, x) => {
      const name = String.fromCharCode(65 + x) + (y + 1), c = board.cells[name];
      const unit = c && cardName(c.unit);
      return clickable(el("td", {class: c ? "owner" + c.owner : "", title: name},
        unit ? [el("div", {class: "unit"}, unit), el("div", {class: "stats"}, (c.leader ? "★ " : ""), c.health, " ", arrows[c.facing] || "")] : el("span", {class: "cell-name"}, name)),
      "cell:" + name, c && c.unit ? () => readCard(c.unit) : null);
    })));
    return el("section", {class: "board"}, el("h3", {}, "Board"), el("table", {class: "grid leaders"}, rows));
  }
  if (board.realms) { // Arkhtide's Realms in play and the pieces on them
    const rest = Object.fromEntries(Object.entries(board).filter(([k]) => k !== "realms"));
    const named = (slot) => { const r = board.realms.find((x) => x.slot === slot); return r ? cardName(r.card) ?? "slot " + slot : "slot " + slot; };
    return el("section", {class: "board"}, el("h3", {}, "Realms"), board.realms.map((r) => clickable(el("div", {class: "realm", "data-slot": r.slot},
      el("h4", {}, value(r.card), " (slot ", r.slot, r.owner !== undefined && r.owner !== null ? ", player " + (r.owner + 1) + "'s" : "", r.side ? ", side " + r.side : "", ")"),
      r.nearby ? el("div", {class: "nearby"}, "next to: " + (r.nearby.map(named).join(", ") || "none")) : "",
      (r.pieces || []).length ? r.pieces.map(piece) : "no pieces"), "realm:" + r.slot)), Object.keys(rest).length ? value(rest) : "");
  }
  if (board.aether) { // Essence's Aether: the spells face up, each with its other side
    const rest = Object.fromEntries(Object.entries(board).filter(([k]) => k !== "aether"));
    return el("section", {class: "board"}, el("h3", {}, "Aether"), el("div", {class: "line"}, board.aether.map((a) =>
      clickable(el("div", {class: "piece " + (a.side || "")}, el("span", {class: "card-name"}, cardName(a.card) ?? "?"),
        el("div", {class: "stats"}, a.side || "", a.back ? " (back: " + cardName(a.back) + ")" : "")), cardKey(a.card, "aether"), () => readCard(a.card)))),
      Object.keys(rest).length ? value(rest) : "");
  }
  return el("section", {class: "board"}, el("h3", {}, "Board"), value(board));
}

function drawTable() {
  const m = table.replay || table.state, v = m.view || {};
  clicks = new Clicks(table.replay ? [] : m.legal);
  const over = v.over;
  const head = el("section", {class: "head"}, el("h2", {}, v.game, " — table ", table.id),
    el("p", {class: "question"}, over ? resultText(v, m.seat) : (v.question || "")),
    el("p", {}, table.seat === null ? "watching" : "you are player " + (table.seat + 1),
      " · phase: ", v.phase || "–", " · to act: ", (v.to_act || []).map((s) => "player " + (s + 1)).join(", ") || "–"));
  const againstAI = table.state.players.every((p) => p.player === "ai" || p.seat === table.seat);
  const controls = [];
  if (table.seat !== null && againstAI && !table.replay && table.state.step > 0)
    controls.push(el("button", {id: "undo", onclick: () => send({type: "undo", table: table.id, token: table.token})}, "Undo my last move"));
  if (table.state.view && table.state.view.over) {
    const at = table.replay ? table.replay.step : table.state.step, last = table.state.step;
    const go = (k) => send({type: "replay", table: table.id, step: Math.max(0, Math.min(last, k))});
    controls.push(el("span", {class: "replay"}, "Replay: ", el("button", {id: "replay-start", onclick: () => go(0)}, "⏮"),
      el("button", {id: "replay-back", onclick: () => go(at - 1)}, "◀"), " step ", at, " of ", last, " ",
      el("button", {id: "replay-forward", onclick: () => go(at + 1)}, "▶"),
      el("button", {id: "replay-end", onclick: () => { table.replay = null; drawTable(); }}, "⏭")));
  }
  const actions = el("section", {class: "actions"}, el("h3", {}, m.legal ? "Your move" : table.replay ? "Replay" : "Waiting"),
    m.legal ? el("p", {class: "hint"}, "Click a highlighted card, piece or square to see what it can do, or pick from the list.") : "",
    drawChosen(m.legal), groupedActions(m.legal || []), el("div", {}, controls));
  const seats = el("section", {class: "seats"}, (v.seats || []).map((s) => drawSeat(s, m.seat)));
  const lines = table.replay ? table.replay.log : log.slice(-200);
  const logBox = el("section", {class: "log"}, el("h3", {}, table.replay ? "That step" : "What happened"),
    el("ol", {}, lines.map((line) => el("li", {}, line))));
  main.replaceChildren(head, actions, drawBoard(v.board), seats, logBox);
  logBox.querySelector("ol").lastElementChild?.scrollIntoView({block: "nearest"});
}

function resultText(v, seat) {
  const who = v.winner === null || v.winner === undefined ? "a draw" : v.winner === seat ? "you win" : "player " + (v.winner + 1) + " wins";
  return "The game is over: " + who + (v.end ? " (" + v.end + ")" : "") + ".";
}

// A click on the thing keyed k (clickable): take the one action it stands for, or offer its own.
function clickThing(k) {
  const r = clicks.click(k, table.chosen);
  if (!r) return;
  if (r.act !== undefined) return act(r.act);
  table.chosen = r.choose;
  drawTable();
}

// Marks node as the thing keyed k: it answers clicks when an action is about it (outlined; the
// thing chosen and the targets of its actions stand out); otherwise a click does fallback.
function clickable(node, k, fallback) {
  if (!k || !clicks.offers(k, table.chosen)) {
    if (fallback) node.onclick = fallback;
    return node;
  }
  node.classList.add("actionable");
  if (table.chosen && table.chosen.key === k) node.classList.add("chosen");
  else if (clicks.aimed(k, table.chosen).length) node.classList.add("target");
  node.dataset.key = k;
  node.onclick = (e) => { e.stopPropagation(); clickThing(k); };
  return node;
}

function readCard(ref) {
  if (ref && ref.id !== undefined) send({type: "card", game: table.state.view.game, card: ref.id});
}

// The actions offered by the thing chosen, and a way to put it down.
function drawChosen(legal) {
  if (!table.chosen || !legal) return "";
  return el("div", {class: "chosen-box"}, table.chosen.actions.map((i) => el("button", {class: "offered", onclick: () => act(i)}, legal[i].text)),
    el("button", {class: "cancel", onclick: () => { table.chosen = null; drawTable(); }}, "cancel"));
}

// Every legal action as a button, grouped by the card or piece it acts with.
function groupedActions(legal) {
  const groups = new Map();
  legal.forEach((a, i) => {
    const p = a.parts || {}, name = cardName(p.card && typeof p.card.card === "object" ? p.card.card : p.card) ?? "";
    const g = name + (p.from && /^[A-Z][0-9]+$/.test(p.from) ? " at " + p.from : "");
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(el("button", {class: "action", onclick: () => act(i)}, a.text));
  });
  return el("div", {class: "grouped"}, [...groups].map(([g, buttons]) => el("div", {class: "group"}, g ? el("span", {class: "group-name"}, g) : "", buttons)));
}

function act(i) {
  send({type: "act", table: table.id, token: table.token, action: i});
}

window.addEventListener("hashchange", route);
connect();
