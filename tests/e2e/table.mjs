// table.mjs: Carta's web table in Debian's Chromium, driven by playwright-core (issue 13).
// Usage: node table.mjs URL CARTA   (a running `carta serve` and the binary, which the kill -9
// test starts on a database of its own; tests/e2e/run.sh does both)
// A person plays a whole game of High Tide against the AI by clicking, reloading the page midway
// and taking a move back; the finished game is replayed step by step; two people play each
// other in two pages; a spectator's WebSocket traffic never holds a card of any hand; every rule
// system is played to its end; the simulation page runs AI against AI and plots the result; a
// server killed mid-game comes back on its database and the page plays on by itself; the
// Gamemaster's panel rolls a task check and advances a clock, logged and replayed; two mages and
// their minions play a whole Archmajesty encounter against the AI Gamemaster.
import {spawn, spawnSync} from "node:child_process";
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {chromium} from "playwright-core";

const base = process.argv[2], carta = process.argv[3];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failures = 0;

function check(ok, what) {
  console.log((ok ? "ok   " : "FAIL ") + what);
  if (!ok) failures++;
}

// Every state or replay frame a page receives, parsed; a script error on the page fails.
function frames(page) {
  const got = [];
  page.on("pageerror", (e) => check(false, "no script error on the page: " + e.message));
  page.on("websocket", (ws) => ws.on("framereceived", (f) => {
    try { const m = JSON.parse(f.payload); if (m.type === "state" || m.type === "replay") got.push(m); } catch (e) { /* not JSON */ }
  }));
  return got;
}

// Creates a table in the lobby: the seats as {who, deck}; returns the "created" page's links.
async function create(page, game, seats, at = base, decks = []) {
  await page.goto(at + "/#/");
  await page.selectOption("#game", game);
  await page.fill("#players", String(seats.length));
  await page.locator("#players").press("Tab"); // leaving the field draws its seats, as for a person
  const rows = page.locator("#seats .seat");
  const chosen = () => page.$$eval("#seats .seat", (rs) => rs.map((r) => [r.querySelector(".who").value, r.querySelector(".deck").value]));
  for (let tries = 0; tries < 5; tries++) { // the seats are drawn anew when the player count settles
    for (let i = 0; i < seats.length; i++) {
      await rows.nth(i).locator(".who").selectOption(seats[i]);
      if (decks[i]) await rows.nth(i).locator(".deck").selectOption(decks[i]);
    }
    if ((await chosen()).every(([who, deck], i) => who === seats[i] && (!decks[i] || deck === decks[i]))) break;
  }
  await page.click("#create");
  await page.waitForSelector(".created");
  return page.$$eval(".created a", (as) => as.map((a) => ({text: a.textContent, href: a.href})));
}

// Waits until the page's last state is newer than step and asks something of it (or the game
// is over), and the page has drawn it; returns that state.
async function waitTurn(page, seen, step) {
  for (let t = 0; t < 3000; t++) {
    const m = seen[seen.length - 1];
    if (m && m.type === "state" && m.step > step && (m.legal || m.view.over)) {
      await page.waitForFunction((over) => over
        ? (document.querySelector(".question") || {}).textContent?.startsWith("The game is over")
        : document.querySelector("button.action"), !!m.view.over);
      return m;
    }
    await page.waitForTimeout(10);
  }
  throw new Error("no state asking this page anything");
}

// A small seeded generator, so a run clicks the same actions each time.
let seed = 12345;
function pick(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

// Clicks a legal action (the first, or with random a seeded pick) until the game is over (or
// limit clicks); returns the clicks.
async function playOut(page, seen, limit, midway, random) {
  let step = -1;
  for (let clicks = 0; clicks < limit; clicks++) {
    const m = await waitTurn(page, seen, step);
    if (m.view.over) return clicks;
    if (midway && clicks === midway.at) await midway.run();
    step = seen[seen.length - 1].step;
    const buttons = page.locator("button.action");
    if (random) /* a person's click, without waiting for animations: hundreds of them */
      await buttons.nth(pick(await buttons.count())).dispatchEvent("click");
    else
      await buttons.first().click();
  }
  return -1;
}

function handsHidden(m) {
  const seats = (m.view && m.view.seats) || [];
  return seats.every((s) => !s.zones || !s.zones.hand || s.zones.hand.cards.every((c) => c.card === null));
}

// 1. Against the AI: reload midway, undo, play to the end, replay; a spectator watches.
{
  const page = await browser.newPage();
  const seen = frames(page); // before the page opens its WebSocket
  const links = await create(page, "template", ["human", "ai:random"]);
  const seat = links.find((l) => l.text === "play this seat"), watch = links.find((l) => l.text === "watch");
  check(seat && watch, "the created table has a seat link and a watch link");
  const spectator = await browser.newPage();
  const watched = frames(spectator);
  await spectator.goto(watch.href);
  await page.goto(seat.href);
  const clicks = await playOut(page, seen, 500, {at: 3, run: async () => {
    const before = seen[seen.length - 1].step;
    await page.reload();
    await waitTurn(page, seen, before - 1);
    await page.click("#undo");
    for (let t = 0; t < 100 && seen[seen.length - 1].step >= before; t++) await page.waitForTimeout(50);
    const after = seen[seen.length - 1].step;
    check(after < before, "after a reload, undo takes the last move back (step " + before + " -> " + after + ")");
    await waitTurn(page, seen, after - 1);
  }});
  check(clicks > 0, "a whole game against the AI by clicking (" + clicks + " clicks)");
  await page.click("#replay-start");
  await page.waitForSelector("text=step 0 of");
  await page.click("#replay-forward");
  await page.waitForSelector("text=step 1 of");
  check(true, "the finished game is replayed step by step");
  await spectator.waitForTimeout(300);
  check(watched.length > 3, "the spectator received " + watched.length + " states");
  check(watched.every(handsHidden), "no hand card in the spectator's WebSocket traffic");
  check(watched.every((m) => !m.legal), "no legal actions sent to the spectator");
  check((await spectator.locator(".card.hidden").count()) + (await spectator.locator(".zone").count()) > 0,
        "the spectator's page drew the seats");
  await spectator.close();
  await page.close();
}

// 2. Two people, two pages: each clicks when it decides; neither sees the other's hand.
{
  const lobby = await browser.newPage();
  const links = (await create(lobby, "template", ["human", "human"])).filter((l) => l.text === "play this seat");
  check(links.length === 2, "two seat links");
  const pages = [await browser.newPage(), await browser.newPage()];
  const seen = [frames(pages[0]), frames(pages[1])];
  await pages[0].goto(links[0].href);
  await pages[1].goto(links[1].href);
  let over = false, step = -1;
  for (let moves = 0; moves < 500 && !over; moves++) {
    // the page whose latest state asks it something decides
    let i = -1;
    for (let t = 0; t < 600 && i < 0; t++) {
      for (let k = 0; k < 2 && i < 0; k++) {
        const m = seen[k][seen[k].length - 1];
        if (m && m.step > step && (m.legal || m.view.over)) i = k;
      }
      if (i < 0) await pages[0].waitForTimeout(50);
    }
    if (i < 0) break;
    const m = await waitTurn(pages[i], seen[i], step);
    over = !!m.view.over;
    step = m.step;
    if (!over) await pages[i].locator("button.action").first().click();
  }
  check(over, "two people played a whole game in two pages");
  const ownOnly = (i) => seen[i].every((m) => (m.view.seats || []).every((s) => s.seat === i || !s.zones ||
    !s.zones.hand || s.zones.hand.cards.every((c) => c.card === null)));
  check(ownOnly(0) && ownOnly(1), "each page received no card of the other's hand");
  await lobby.close();
}

// 2b. A lobby for a game whose seats play different parts (archmajesty.txt, The Gamemaster):
// each seat is labelled with its part and offered only the prebuilt decks built for it.
{
  const page = await browser.newPage();
  await page.goto(base + "/#/");
  await page.selectOption("#game", "archmajesty");
  await page.fill("#players", "3");
  await page.dispatchEvent("#players", "change");
  const rows = page.locator("#seats .seat");
  const labels = await rows.locator("span").allTextContents();
  const decks = async (i) => (await rows.nth(i).locator(".deck option").allTextContents()).filter((d) => d !== "random deck");
  const mage = await decks(0), gm = await decks(2);
  check(labels.join("|") === "player 1 (mage): |player 2 (mage): |player 3 (Gamemaster): ",
    "the lobby names each seat's part: " + labels.join("|"));
  check(mage.includes("cass") && !mage.includes("bandit-ambush") && gm.includes("bandit-ambush") &&
    !gm.includes("cass") && mage.length + gm.length > 20,
    "a mage's seat is offered mages, the Gamemaster's encounters (" + mage.length + ", " + gm.length + ")");
  await page.close();
}

// 3. Every rule system: a whole game against the AI, clicking a seeded choice of the legal
// actions; the page never shows a script error.
for (const game of ["aember", "arkhtide", "leaders", "essence", "archmajesty"]) {
  const page = await browser.newPage();
  const seen = frames(page);
  const links = await create(page, game, ["human", "ai:random"]);
  await page.goto(links.find((l) => l.text === "play this seat").href);
  const clicks = await playOut(page, seen, 2000, null, true);
  check(clicks > 0, game + ": a whole game against the AI by clicking (" + clicks + " clicks)");
  await page.close();
}

// Clicks what locator finds; true once a newer state than step arrives (the click acted),
// false if the page offers a choice instead.
async function clickActs(page, seen, step, locator) {
  await locator.click();
  for (let t = 0; t < 1000; t++) {
    if (seen.some((m) => m.type === "state" && m.step > step)) return true;
    if (await page.locator(".chosen-box").count()) return false;
    await page.waitForTimeout(10);
  }
  throw new Error("a click did nothing");
}

// 4. Actions as clicks on the things they act on (Leaders): a card in hand offers its actions,
// a square of the grid that an action moves to or summons at takes it, every offer is legal.
{
  const page = await browser.newPage();
  const seen = frames(page);
  const links = await create(page, "leaders", ["human", "ai:random"]);
  await page.goto(links.find((l) => l.text === "play this seat").href);
  let step = -1, byCard = 0, byCell = 0, offersLegal = true;
  for (let t = 0; t < 80 && !(byCard && byCell); t++) {
    const m = await waitTurn(page, seen, step);
    if (m.view.over) break;
    step = m.step;
    const texts = m.legal.map((a) => a.text);
    const card = page.locator(".seat-box.mine span.card.actionable"), cell = page.locator("td.actionable");
    const thing = (await card.count()) ? card.first() : (await cell.count()) ? cell.first() : null;
    if (!thing) { await page.locator("button.action").first().click(); continue; }
    const onCell = !(await card.count());
    if (await clickActs(page, seen, step, thing)) { byCell += onCell; continue; }
    const offered = await page.$$eval(".chosen-box button.offered", (bs) => bs.map((b) => b.textContent));
    offersLegal &&= offered.length > 0 && offered.every((o) => texts.includes(o));
    await page.locator(".chosen-box button.offered").first().click();
    byCard += !onCell;
  }
  check(byCard > 0, "a card in hand clicked offers its actions, and one of them is taken (" + byCard + ")");
  check(byCell > 0, "a square of the grid clicked takes the action that goes there (" + byCell + ")");
  check(offersLegal, "everything offered by a click is a legal action");
  await page.close();
}

// 5. The simulation page: a run's progress, then win rates with intervals and the deck matrix.
{
  const page = await browser.newPage();
  frames(page);
  await page.goto(base + "/#/sim");
  await page.selectOption("#sim-game", "aember");
  await page.fill("#sim-games", "20");
  const rows = page.locator("#sim-seats .seat");
  await rows.nth(0).locator(".deck").selectOption({index: 1});
  await rows.nth(1).locator(".deck").selectOption({index: 2});
  await page.click("#sim-run");
  await page.waitForSelector("#sim-players", {timeout: 120000});
  check(await page.locator("#sim-players tr").count() === 3, "the simulation page shows both players' win rates");
  check(await page.locator("svg.plot line.ci").count() >= 6, "the win rates are plotted with their intervals");
  check(await page.locator("#sim-matrix td").count() === 4, "the deck matrix is drawn");
  check(await page.locator("#sim-length tr").count() > 0, "how long games lasted is drawn as a histogram");
  check(await page.locator("#sim-cards tr.by-player").count() > 0, "each card's players are shown apart (their decks differ)");
  await page.close();
}

// 6. kill -9 of the server mid-game, then a restart on the same database: the table resumes at
// its last action, the page reconnects by itself and the game goes on.
{
  const dir = mkdtempSync(join(tmpdir(), "carta-e2e-")), db = join(dir, "tables.sqlite");
  const port = +new URL(base).port + 1, at = "http://127.0.0.1:" + port;
  const start = () => new Promise((ready, fail) => {
    const server = spawn(carta, ["serve", "--port", String(port), "--db", db], {stdio: ["ignore", "pipe", "inherit"]});
    server.stdout.on("data", (d) => { if (String(d).includes("carta serve:")) ready(server); });
    server.on("error", fail);
  });
  let server = await start();
  const page = await browser.newPage();
  const seen = frames(page);
  const links = await create(page, "aember", ["human", "ai:random"], at);
  await page.goto(links.find((l) => l.text === "play this seat").href);
  let step = -1;
  for (let clicks = 0; clicks < 6; clicks++) {
    step = (await waitTurn(page, seen, step)).step;
    await page.locator("button.action").first().click();
  }
  const before = await waitTurn(page, seen, step); // the last click's answer: the person is asked again
  server.kill("SIGKILL");
  await new Promise((gone) => server.on("exit", gone));
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("disconnected"));
  const received = seen.length;
  server = await start();
  let back = null;
  for (let t = 0; t < 1000 && !back; t++) {
    back = seen.slice(received).find((m) => m.type === "state" && m.legal);
    if (!back) await page.waitForTimeout(10);
  }
  check(back && back.step === before.step, "after kill -9 and a restart the table resumes at its last action (step " +
    before.step + " -> " + (back && back.step) + ") and the page reconnected by itself");
  const clicks = back ? await playOut(page, seen, 2000, null, false) : -1;
  check(clicks > 0, "the game goes on to its end after the restart (" + clicks + " clicks)");
  await page.close();
  server.kill("SIGTERM");
  rmSync(dir, {recursive: true, force: true});
}

// 7. The Gamemaster's panel (carta serve --campaign): a task check built from the fields and
// rolled, a clock advanced and drawn segment by segment, a clock made, filled and settled; all of
// it logged in the campaign file, which `carta table` opens again, replaying every roll.
{
  const dir = mkdtempSync(join(tmpdir(), "carta-e2e-gm-")), file = join(dir, "campaign.yaml");
  const example = new URL("../../data/archmajesty/campaigns/urn-front.yaml", import.meta.url);
  copyFileSync(example, file);
  // Cass's mage file, with a Buckler carried, named by the campaign (R153)
  const mage = join(dir, "cass.yaml");
  copyFileSync(new URL("../../data/archmajesty/decks/cass.yaml", import.meta.url), mage);
  writeFileSync(mage, readFileSync(mage, "utf8") + "inventory: [Buckler, Chainmail]\n");
  writeFileSync(file, readFileSync(file, "utf8").replace("  - name: Cass\n", "  - name: Cass\n    mage: cass.yaml\n"));
  const port = +new URL(base).port + 2;
  let panel = null;
  const server = await new Promise((ready, fail) => {
    const sv = spawn(carta, ["serve", "--port", String(port), "--campaign", file, "--seed", "7"],
                     {stdio: ["ignore", "pipe", "inherit"]});
    let out = "";
    sv.stdout.on("data", (d) => {
      out += String(d);
      const m = out.match(/Gamemaster's panel for .*: (http\S+)/);
      if (m && !panel) { panel = m[1]; ready(sv); }
    });
    sv.on("error", fail);
  });
  const page = await browser.newPage();
  page.on("pageerror", (e) => check(false, "no script error on the panel: " + e.message));
  await page.goto(panel);
  await page.waitForSelector("#gm-roll");
  await page.selectOption("#gm-who", "Cass");
  await page.fill("#gm-dt", "14");
  await page.selectOption("#gm-aspect", "Circus Strongman");
  await page.selectOption("#gm-lore", "Astronomy");
  await page.selectOption("#gm-on", "Treaty with Shimmershore");
  await page.click("#gm-roll");
  await page.waitForFunction(() => document.getElementById("gm-said").textContent.includes("task check"));
  const said = await page.textContent("#gm-said");
  check(/^Cass task check against DT 14: natural \d+, \+6 \(Circus Strongman, fully relevant\), \+10 \(Lore: Astronomy\) = \d+: (success|failure)/.test(said),
        "a task check rolled from the panel is told modifier by modifier: " + said.split("\n")[0]);
  const filled = await page.locator('[data-clock="Treaty with Shimmershore"] .seg:not(.empty)').count();
  check(filled > 0 || said.includes("no segments"), "the clock is drawn with the check's segments (" + filled + " filled)");
  await page.fill("#gm-clock-name", "Heist");
  await page.fill("#gm-clock-size", "2");
  await page.click("#gm-new-clock");
  await page.waitForSelector('[data-clock="Heist"]');
  await page.fill("#gm-command", "check Cass 10 mod 40 on heist");
  await page.click("#gm-send");
  await page.waitForSelector('[data-clock="Heist"] button.settle');
  check(await page.locator('[data-clock="Heist"] .seg.green').count() === 2, "a full clock shows its two green segments and offers to settle");
  await page.click('[data-clock="Heist"] button.settle');
  await page.waitForFunction(() => document.querySelector('[data-clock="Heist"]').textContent.includes("settled: success"));
  await page.fill("#gm-command", "equip Cass Chainmail");
  await page.click("#gm-send");
  await page.waitForFunction(() => document.getElementById("gm-said").textContent.includes("Not equipped"));
  check((await page.textContent("#gm-said")).includes("at most one piece of body armour"),
        "equipping a second body armour from the panel is refused, said why");
  await page.fill("#gm-command", "equip Cass Buckler");
  await page.click("#gm-send");
  await page.waitForFunction(() => document.getElementById("gm-said").textContent.includes("Cass equips Buckler"));
  const worn = readFileSync(mage, "utf8");
  check(worn.includes("equipment: [Sword, Padded Armour, Helmet, Buckler]\n") && worn.includes("inventory: [Chainmail]\n"),
        "equip from the panel moves the Buckler from Cass's inventory to her equipment, in her mage file");
  await page.fill("#gm-command", "check Nobody 12");
  await page.click("#gm-send");
  await page.waitForFunction(() => document.getElementById("gm-said").textContent.includes("No character 'Nobody'"));
  check(true, "a mistake typed in the panel is told");
  const forged = await page.evaluate(() => new Promise((done) => {
    const ws = new WebSocket("ws://" + location.host + "/", "carta");
    ws.onopen = () => ws.send(JSON.stringify({type: "gm", token: "0".repeat(32), command: "check 12"}));
    ws.onmessage = (e) => { done(JSON.parse(e.data)); ws.close(); };
  }));
  check(forged.type === "error" && forged.code === "forbidden", "the panel refuses a connection without its token");
  const log = await page.textContent("#gm-log");
  check((log.match(/\n/g) || []).length >= 5 && log.includes("Cass equips Buckler"),
        "the session's log lists the rolls, the clock, the settling and the equipping");
  await page.close();
  server.kill("SIGTERM");
  await new Promise((gone) => server.on("exit", gone));
  const reopened = spawnSync(carta, ["table", file], {input: "clocks\nquit\n", encoding: "utf8"});
  check(reopened.status === 0 && reopened.stdout.includes("Heist: 2 of 2 segments (2 green, 0 red), settled: success"),
        "the campaign file holds the session: carta table replays every roll and shows the clocks");
  rmSync(dir, {recursive: true, force: true});
}

// 8. A whole encounter (archmajesty.txt, MINIONS; COMBAT): two mages played by two people in two
// pages, Ysra who summons and commands minions and Tamsin with her companion, against the AI
// Gamemaster's waves, to the end. Each page clicks a summon, a Command or a minion's order when
// one is offered, else a seeded pick; the minions are drawn on the map and told in the log.
{
  const lobby = await browser.newPage();
  const links = (await create(lobby, "archmajesty", ["human", "human", "ai:greedy"], base,
    ["ysra", "tamsin", "bandit-ambush"])).filter((l) => l.text === "play this seat");
  check(links.length === 2, "an encounter table with two mages' seat links");
  const pages = [await browser.newPage(), await browser.newPage()];
  const seen = [frames(pages[0]), frames(pages[1])];
  await pages[0].goto(links[0].href);
  await pages[1].goto(links[1].href);
  const minionMove = /^(cast Call the Cairn Hound|cast Kindle a Wisp|cast Wake the Shale|summon at|command |order )/;
  let over = null, step = -1, summoned = 0, commanded = 0, drawn = 0;
  for (let moves = 0; moves < 4000 && !over; moves++) {
    let i = -1;
    for (let t = 0; t < 1200 && i < 0; t++) {
      for (let k = 0; k < 2 && i < 0; k++) {
        const m = seen[k][seen[k].length - 1];
        if (m && m.step > step && (m.legal || m.view.over)) i = k;
      }
      if (i < 0) await pages[0].waitForTimeout(25);
    }
    if (i < 0) break;
    const m = await waitTurn(pages[i], seen[i], step);
    step = m.step;
    if (m.view.over) { over = m; break; }
    const chars = (m.view.board && m.view.board.characters) || [];
    summoned = Math.max(summoned, chars.filter((c) => c.minion === "summoned").length);
    if (!drawn && chars.some((c) => c.minion && !c.gone)) drawn = await pages[i].locator("td.ally").count();
    const buttons = pages[i].locator("button.action");
    const texts = await buttons.allTextContents();
    const wanted = texts.map((t, k) => minionMove.test(t) ? k : -1).filter((k) => k >= 0);
    const k = wanted.length && pick(3) ? wanted[pick(wanted.length)] : pick(texts.length);
    commanded += /^(command|order) /.test(texts[k]);
    await buttons.nth(k).dispatchEvent("click");
  }
  check(over, "two mages and their minions played a whole encounter against the AI Gamemaster (" + step + " steps)");
  check(summoned > 0, "Ysra summoned minions (" + summoned + " at once at most)");
  check(commanded > 0, "minions were commanded (" + commanded + " Command actions and orders)");
  check(drawn >= 3, "the map draws the mages and their minions (" + drawn + " allied squares)");
  const told = seen[0].concat(seen[1]).flatMap((m) => m.log || []).map((l) => typeof l === "string" ? l : JSON.stringify(l));
  check(told.some((l) => /summoned at/.test(l)), "the summon is told in the rulebook's words");
  await lobby.close();
  await pages[0].close();
  await pages[1].close();
}

await browser.close();
console.log(failures ? failures + " check(s) failed" : "all checks passed");
process.exit(failures ? 1 : 0);
