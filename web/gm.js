// gm.js: the Gamemaster's panel (carta serve --campaign FILE; docs/table.md): Archmajesty's
// non-combat table tools in the browser. The page builds a command of `carta table`'s language
// from its fields (or takes one typed), the server rolls it, says what happened in the
// rulebook's words and saves the campaign; the clocks are drawn segment by segment.

export function gmPanel(main, el, send, token) {
  let campaign = null;
  const said = el("pre", {id: "gm-said", class: "gm-said"}, "Asking the server for the campaign…");
  const logBox = el("pre", {id: "gm-log"});
  const typed = el("input", {id: "gm-command", size: 36, placeholder: "check Cass 14 aspect circus on treaty"});
  const run = (command) => send({type: "gm", token, command});

  // The check builder: each field a part of the command.
  const who = el("select", {id: "gm-who"}), dt = el("input", {id: "gm-dt", type: "number", min: 1, max: 99, value: 10});
  const aspect = el("select", {id: "gm-aspect"}), relevance = el("select", {id: "gm-relevance"},
    ["full", "marginal", "especially"].map((r) => el("option", {value: r}, r + " (" + {full: "+6", marginal: "+3", especially: "+9"}[r] + ")")));
  const lore = el("select", {id: "gm-lore"}), clock = el("select", {id: "gm-on"});
  const knowledge = el("input", {id: "gm-knowledge", type: "checkbox"}), mod = el("input", {id: "gm-mod", type: "number", value: 0, min: -99, max: 99});
  const quote = (s) => '"' + s.replace(/"/g, "") + '"';

  function checkCommand() {
    const parts = ["check"];
    if (who.value) parts.push(quote(who.value));
    parts.push(dt.value);
    if (who.value && aspect.value) parts.push("aspect", quote(aspect.value), relevance.value);
    if (who.value && lore.value) parts.push("lore", quote(lore.value));
    if (knowledge.checked) parts.push("knowledge");
    if (+mod.value) parts.push("mod", mod.value);
    if (clock.value) parts.push("on", quote(clock.value));
    return parts.join(" ");
  }

  function fillChoices() {
    const sheet = (campaign.characters || []).find((c) => c.name === who.value);
    aspect.replaceChildren(el("option", {value: ""}, "no Aspect"), ...(sheet ? sheet.aspects : []).map((a) => el("option", {value: a}, a)));
    lore.replaceChildren(el("option", {value: ""}, "no Lore"), ...(sheet ? sheet.lores : []).map((l) => el("option", {value: l}, l + " (+10)")));
  }
  who.onchange = fillChoices;

  function drawClock(k) {
    const boxes = [];
    for (let i = 0; i < k.segments; i++)
      boxes.push(el("span", {class: "seg " + (i < k.green ? "green" : i < k.green + k.red ? "red" : "empty")}));
    const note = k.settled ? "settled: " + k.settled : k.completion === "running" ? (k.green + k.red) + " of " + k.segments : "full";
    return el("div", {class: "clock", "data-clock": k.name}, el("strong", {}, k.name), " ", el("span", {class: "segs"}, boxes), " ", note,
      k.choices.map((c) => el("button", {class: "settle", onclick: () => run("settle " + quote(k.name) + " " + c)}, c)));
  }

  function draw() {
    const keep = who.value;
    who.replaceChildren(el("option", {value: ""}, "nobody in particular"), ...campaign.characters.map((c) => el("option", {value: c.name}, c.name)));
    who.value = campaign.characters.some((c) => c.name === keep) ? keep : (campaign.characters[0] || {}).name || "";
    const keepClock = clock.value;
    clock.replaceChildren(el("option", {value: ""}, "no clock"), ...campaign.clocks.filter((k) => k.completion === "running").map((k) => el("option", {value: k.name}, k.name)));
    clock.value = keepClock;
    fillChoices();
    logBox.textContent = campaign.log;
    const clockName = el("input", {id: "gm-clock-name", placeholder: "a new clock's name"}), clockSize = el("input", {id: "gm-clock-size", type: "number", value: 4, min: 2, max: 24, step: 2});
    main.replaceChildren(
      el("section", {class: "head"}, el("h2", {}, "The Gamemaster's table: ", campaign.file, ", session ", campaign.session)),
      el("section", {class: "gm-check"}, el("h3", {}, "A task check"),
        el("p", {}, "By ", who, " against DT ", dt, " (6 or less: an automatic success)"),
        el("p", {}, aspect, " ", relevance), el("p", {}, lore, " ", el("label", {}, knowledge, " common knowledge (+5)")),
        el("p", {}, "the Gamemaster's modifier ", mod, " on ", clock),
        el("button", {id: "gm-roll", onclick: () => run(checkCommand())}, "Roll"),
        el("p", {}, "or type a command: ", typed, " ", el("button", {id: "gm-send", onclick: () => { run(typed.value); typed.value = ""; }}, "Send"))),
      el("section", {class: "gm-clocks"}, el("h3", {}, "Clocks"), campaign.clocks.map(drawClock),
        el("p", {}, clockName, " ", clockSize, " ", el("button", {id: "gm-new-clock", onclick: () => run("clock " + quote(clockName.value) + " " + clockSize.value)}, "New clock"))),
      el("section", {class: "gm-out"}, el("h3", {}, "What happened"), said),
      el("section", {class: "gm-chars"}, el("h3", {}, "Characters"), campaign.characters.map((c) => el("p", {}, el("strong", {}, c.name), ": ",
        c.aspects.join("; "), " · Circles: ", c.circles.map((k) => k.name + (k.rebel ? " (rebel)" : "") + (k.pretend ? " (pretended)" : "")).join(", "),
        " · Lores: ", c.lores.join(", "), c.mage ? " · Mage file: " + c.mage + " (equip " + c.name + " ITEM, unequip " + c.name + " ITEM)" : ""))),
      el("section", {class: "gm-log"}, el("h3", {}, "This session"), logBox));
  }

  send({type: "gm", token});
  return (m) => { // the server's answers
    campaign = m.campaign;
    draw();
    if (m.said) said.textContent = m.said;
  };
}
