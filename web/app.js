// app.js: Carta's web table (docs/protocol.md). Plain modules, no build step: the lobby creates
// a table; a table page draws the seat's view (docs/view.md), its legal actions and the log.
// Everything shown comes from the server's messages for this seat: the page knows no more.

const main = document.getElementById("main");
const status = document.getElementById("status");
let ws = null;
let games = [];
let table = null; // {id, token, seat, state}
let log = [];

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onchange") e[k] = v;
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function route() {
  const m = location.hash.match(/^#\/table\/([0-9a-f]+)(?:\?token=([0-9a-f]+))?/);
  if (m) {
    table = {id: m[1], token: m[2] || null, seat: null, state: null};
    log = [];
    main.replaceChildren(el("p", {}, "joining table ", m[1], "…"));
    const join = {type: "join", table: m[1]};
    if (m[2]) join.token = m[2];
    send(join);
  } else {
    table = null;
    drawLobby();
  }
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/";
  ws = new WebSocket(url, "carta");
  ws.onopen = () => { status.textContent = "connected"; send({type: "games"}); route(); };
  ws.onclose = () => { status.textContent = "disconnected: reconnecting…"; setTimeout(connect, 1000); };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
}

function receive(m) {
  if (m.type === "games") { games = m.games; if (!table) drawLobby(); }
  else if (m.type === "created") drawCreated(m);
  else if (m.type === "joined") { if (table) table.seat = m.seat; }
  else if (m.type === "state") { if (table && m.table === table.id) { table.state = m; log.push(...m.log); drawTable(); } }
  else if (m.type === "error") showError(m);
}

function showError(m) {
  const box = document.getElementById("error") || main.appendChild(el("div", {id: "error", class: "error"}));
  box.textContent = m.message + " (" + m.code + ")";
}

// ---- the lobby ----

function drawLobby() {
  if (!games.length) { main.replaceChildren(el("p", {}, "loading the rule systems…")); return; }
  const gameSel = el("select", {id: "game"}, games.map((g) => el("option", {value: g.id}, g.name)));
  const players = el("input", {id: "players", type: "number", min: 1, max: 6, value: 2});
  const seed = el("input", {id: "seed", type: "text", placeholder: "from the clock"});
  const seatsBox = el("div", {id: "seats"});
  const drawSeats = () => {
    const g = games.find((x) => x.id === gameSel.value);
    players.min = g.players[0]; players.max = g.players[1];
    let n = Math.min(Math.max(+players.value || 2, g.players[0]), g.players[1]);
    players.value = n;
    seatsBox.replaceChildren(...Array.from({length: n}, (_, i) => el("div", {class: "seat"},
      el("span", {}, "player ", i + 1, ": "),
      el("select", {class: "who"}, el("option", {value: "human"}, "a person"),
        el("option", {value: "ai:greedy"}, "AI: greedy"), el("option", {value: "ai:random"}, "AI: random"),
        el("option", {value: "ai:mcts:ms=100"}, "AI: search, 100 ms"), el("option", {value: "ai:mcts:ms=1000"}, "AI: search, 1 s")),
      el("select", {class: "deck"}, el("option", {value: "random"}, "random deck"),
        g.decks.map((d) => el("option", {value: d}, d))))));
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
    if (seed.value.trim()) msg.seed = +seed.value.trim();
    send(msg);
  }}, "Create the table");
  main.replaceChildren(el("section", {class: "lobby"}, el("h2", {}, "A new table"),
    el("label", {}, "Rule system ", gameSel), el("label", {}, "Players ", players),
    el("label", {}, "Seed ", seed), seatsBox, create));
}

function drawCreated(m) {
  const base = location.origin + location.pathname;
  const rows = m.seats.map((s) => s.player === "human"
    ? el("li", {}, "player ", s.seat + 1, ": ",
        el("a", {href: base + "#/table/" + m.table + "?token=" + s.token, class: "seat-link"}, "play this seat"),
        " (send this link only to that player)")
    : el("li", {}, "player ", s.seat + 1, ": AI (", s.ai, ")"));
  main.replaceChildren(el("section", {class: "created"}, el("h2", {}, "Table ", m.table, " (", m.game, ")"),
    el("ul", {}, rows),
    el("p", {}, el("a", {href: base + "#/table/" + m.table}, "watch"), " (spectators see only what is public)")));
}

// ---- a table ----

function cardName(c) {
  return c && typeof c === "object" && "card" in c ? (c.card === null ? "?" : c.card) : null;
}

function value(v) {
  if (v === null || v === undefined) return "–";
  const name = cardName(v);
  if (name !== null) return el("span", {class: name === "?" ? "card hidden" : "card"}, name);
  if (Array.isArray(v)) return el("span", {}, v.map((x, i) => [i ? ", " : "", value(x)]));
  if (typeof v === "object") {
    if ("count" in v && "cards" in v) return el("span", {class: "zone"}, v.count, v.cards.length ? ": " : "", value(v.cards));
    return el("dl", {}, Object.entries(v).map(([k, x]) => [el("dt", {}, k), el("dd", {}, value(x))]));
  }
  return String(v);
}

function drawSeat(s, viewer) {
  const title = "player " + (s.seat + 1) + (s.seat === viewer ? " (you)" : "") + (s.role ? " — " + s.role : "");
  const rest = Object.fromEntries(Object.entries(s).filter(([k]) => !["seat", "counters", "zones", "role"].includes(k)));
  return el("section", {class: "seat-box" + (s.seat === viewer ? " mine" : "")}, el("h3", {}, title),
    value(s.counters || {}), value(s.zones || {}), Object.keys(rest).length ? value(rest) : "");
}

function drawBoard(board) {
  if (!board) return "";
  if (board.map && board.characters) { // Archmajesty's battle map
    const marks = {};
    board.characters.forEach((c, i) => { if (!c.gone) marks[c.cell] = (c.side === "allies" ? "M" : "E") + i; });
    const rows = board.map.map((row, y) => el("tr", {}, [...row].map((ch, x) => {
      const cell = String.fromCharCode(65 + x) + (y + 1);
      return el("td", {class: ch === "#" ? "wall" : marks[cell] ? (marks[cell][0] === "M" ? "ally" : "enemy") : "", title: cell}, marks[cell] || "");
    })));
    return el("section", {class: "board"}, el("h3", {}, "Battle map"), el("table", {class: "grid"}, rows),
      el("ol", {start: 0}, board.characters.map((c) => el("li", {class: c.gone ? "gone" : ""},
        c.name, ": ", c.hp, "/", c.hp_max, " HP", c.knocked_out ? ", knocked out" : "", c.bloodied ? ", bloodied" : "")))
    );
  }
  return el("section", {class: "board"}, el("h3", {}, "Board"), value(board));
}

function drawTable() {
  const m = table.state, v = m.view || {};
  const over = v.over;
  const head = el("section", {class: "head"}, el("h2", {}, v.game, " — table ", table.id),
    el("p", {class: "question"}, over ? resultText(v, m.seat) : (v.question || "")),
    el("p", {}, table.seat === null ? "watching" : "you are player " + (table.seat + 1),
      " · phase: ", v.phase || "–", " · to act: ", (v.to_act || []).map((s) => "player " + (s + 1)).join(", ") || "–"));
  const actions = el("section", {class: "actions"}, el("h3", {}, m.legal ? "Your move" : "Waiting"),
    (m.legal || []).map((a, i) => el("button", {class: "action", onclick: () => act(i)}, a.text)));
  const seats = el("section", {class: "seats"}, (v.seats || []).map((s) => drawSeat(s, m.seat)));
  const logBox = el("section", {class: "log"}, el("h3", {}, "What happened"),
    el("ol", {}, log.slice(-200).map((line) => el("li", {}, line))));
  main.replaceChildren(head, actions, drawBoard(v.board), seats, logBox);
  logBox.querySelector("ol").lastElementChild?.scrollIntoView({block: "nearest"});
}

function resultText(v, seat) {
  const who = v.winner === null || v.winner === undefined ? "a draw" : v.winner === seat ? "you win" : "player " + (v.winner + 1) + " wins";
  return "The game is over: " + who + (v.end ? " (" + v.end + ")" : "") + ".";
}

function act(i) {
  send({type: "act", table: table.id, token: table.token, action: i});
}

window.addEventListener("hashchange", route);
connect();
