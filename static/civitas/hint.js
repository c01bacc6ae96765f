// Hints (unrated matches and lessons): the decision bar's "Hint" button asks the server what the game's best bot
// would do in this seat's place ({"type": "hint", "version": N}, sent through match.js's socket); the answer lists
// its best three moves with their chances and what each does. When its numbers cannot tell the moves apart (the
// frame's verdict "even": a few playouts that all ended alike), it says which it would choose and what it goes by
// instead of numbers that say nothing. Tapping one outlines the matching control on the board: the player still
// plays it (or anything else) themselves. A new table (any move) clears the hint, which was for the old position.
(function () {
  "use strict";
  const root = document.querySelector("[data-match]");
  const table = document.getElementById("table");
  if (!root || !table) return;
  let shown = null; // the hint frame the panel shows

  function version() {
    const status = table.querySelector(".table-status");
    return status ? parseInt(status.dataset.version, 10) : NaN;
  }
  function send(frame) {
    const detail = { frame: frame, sent: false };
    root.dispatchEvent(new CustomEvent("civitas:send", { detail: detail }));
    return detail.sent;
  }
  // A move as text with its keys in order, so a control's data-move and a hint's move compare alike.
  function canonical(value) {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
    }
    return JSON.stringify(value);
  }
  function controlFor(move) {
    const wanted = canonical(move);
    return Array.prototype.find.call(table.querySelectorAll("[data-move]"), (el) => {
      try { return canonical(JSON.parse(el.dataset.move)) === wanted; } catch (e) { return false; }
    });
  }
  // The moves the board offers now (a search short of time sends its one pick: that is not "your only move").
  function movesOffered() {
    const moves = new Set();
    table.querySelectorAll("[data-move]").forEach((el) => { if (!el.closest("[data-hint-panel]")) moves.add(parsedMove(el)); });
    return moves.size;
  }
  function parsedMove(el) {
    try { return canonical(JSON.parse(el.dataset.move)); } catch (e) { return el.dataset.move; }
  }
  const FEW_PLAYOUTS = 5; // below this, a share won is said as a count ("won 4 of 4 playouts"), not a percentage
  function verdictOf(frame) {
    if (frame.verdict) return frame.verdict;
    const first = frame.candidates[0];
    return first && (first.chance === null || first.chance === undefined) ? "unmeasured" : "ranked";
  }
  // What a candidate's line says beside its label; "" when the panel's title and note say it for every line.
  function chanceText(frame, c, i) {
    const verdict = verdictOf(frame);
    if (c.chance === null || c.chance === undefined) {
      return movesOffered() === 1 ? "your only move" : "the bot's own choice";
    }
    if (verdict === "even") return i === 0 ? "the bot's choice" : "";
    const pct = Math.round(c.chance * 100) + "%";
    if (frame.basis === "playouts") {
      const won = frame.band ? "the band won " : "won ";
      const runs = c.playouts === 1 ? " playout" : " playouts";
      if (c.playouts < FEW_PLAYOUTS) return won + Math.round(c.chance * c.playouts) + " of " + c.playouts + runs;
      return won + pct + " of " + c.playouts + runs;
    }
    return pct + " estimated chance to win";
  }
  function title(frame) {
    if (frame.type === "error") return frame.message;
    const verdict = verdictOf(frame);
    if (verdict === "even" || verdict === "unmeasured") return "The bot would choose:";
    return "The bot would consider:";
  }
  function joined(words) {
    return words.length < 2 ? words.join("") : words.slice(0, -1).join(", ") + " and " + words[words.length - 1];
  }
  // Why the first is the bot's choice when the numbers cannot say, in plain words: what the numbers were and the
  // rule of thumb the bot goes by (frame.rule, the game's own words).
  function reason(frame) {
    const rule = frame.rule ? "so the bot goes by its rule of thumb: " + frame.rule + "." : "so the bot plays its own first choice.";
    const verdict = verdictOf(frame);
    if (verdict === "unmeasured") return "It had no time to play the moves out, " + rule;
    const shown = frame.candidates.filter((c) => c.chance !== null && c.chance !== undefined);
    if (frame.basis === "playouts") {
      const runs = shown.map((c) => c.playouts);
      const wins = shown.map((c) => String(Math.round(c.chance * c.playouts)));
      const each = runs.every((n) => n === runs[0]) ? runs[0] + " time" + (runs[0] === 1 ? "" : "s") + " each" : "a few times";
      return "Played out to the end " + each + ", these moves won " + joined(wins) + " times" + (frame.band ? " for the band" : "") +
        ": too close to tell apart, " + rule;
    }
    return "Its estimates for these moves were the same (" + Math.round(shown[0].chance * 100) + "%), " + rule;
  }
  function note(frame) {
    const verdict = verdictOf(frame);
    if (verdict === "even" || verdict === "unmeasured") return reason(frame);
    if (verdict === "only") return "";
    if (frame.basis === "playouts") {
      return "Each move was played out to the end by bots at every seat, with what you cannot see dealt at random.";
    }
    return "The strong bot's estimate after a short search, with what you cannot see dealt at random.";
  }
  function panelAndButton() {
    return [table.querySelector("[data-hint-panel]"), table.querySelector("[data-hint-ask]")];
  }
  function unmark() {
    table.querySelectorAll(".is-hinted").forEach((el) => el.classList.remove("is-hinted"));
    table.querySelectorAll("[data-hint-index]").forEach((el) => el.setAttribute("aria-pressed", "false"));
  }
  function render(frame) {
    const [panel, ask] = panelAndButton();
    if (!panel) return;
    shown = frame;
    panel.hidden = false;
    panel.textContent = "";
    if (ask) { ask.disabled = false; ask.textContent = "Hint"; ask.setAttribute("aria-expanded", "true"); }
    const head = document.createElement("div");
    head.className = "hint-head";
    const heading = document.createElement("p");
    heading.textContent = title(frame);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "link small hint-close";
    close.dataset.hintClose = "";
    close.textContent = "Close";
    head.append(heading, close);
    panel.appendChild(head);
    if (frame.type !== "error") fill(frame, panel);
    inSight(panel);
  }
  function fill(frame, panel) {
    const list = document.createElement("ol");
    list.className = "hint-list";
    frame.candidates.forEach((c, i) => {
      const item = document.createElement("li");
      const pick = document.createElement("button");
      pick.type = "button";
      pick.className = "small secondary hint-choice";
      pick.dataset.hintIndex = String(i);
      pick.setAttribute("aria-pressed", "false");
      pick.textContent = c.label;
      item.appendChild(pick);
      const said = chanceText(frame, c, i);
      if (said) {
        const chance = document.createElement("span");
        chance.className = "hint-chance";
        chance.textContent = said;
        item.appendChild(chance);
      }
      if (c.why) {
        const why = document.createElement("span");
        why.className = "hint-why";
        why.textContent = c.why;
        item.appendChild(why);
      }
      list.appendChild(item);
    });
    panel.appendChild(list);
    const small = document.createElement("p");
    small.className = "hint-note";
    small.textContent = (note(frame) + " Tap one to see it on the board; you still make the move.").trim();
    panel.appendChild(small);
  }
  function point(index) {
    unmark();
    const c = shown && shown.candidates && shown.candidates[index];
    if (!c) return;
    const pick = table.querySelector('[data-hint-index="' + index + '"]');
    if (pick) pick.setAttribute("aria-pressed", "true");
    const control = controlFor(c.move);
    const missing = table.querySelector("[data-hint-missing]");
    if (missing) missing.remove();
    if (!control) {
      const say = document.createElement("p");
      say.className = "hint-note";
      say.dataset.hintMissing = "";
      say.textContent = "That move has no control on the board just now.";
      table.querySelector("[data-hint-panel]").appendChild(say);
      return;
    }
    control.classList.add("is-hinted");
    bringIntoView(control);
  }
  // The top of what the header and the sticky decision bar leave of the window.
  function chromeBottom() {
    const bar = document.querySelector(".topbar");
    let top = bar ? bar.getBoundingClientRect().bottom : 0;
    const decision = table.querySelector(".decision");
    if (decision && getComputedStyle(decision).position === "sticky") top = Math.max(top, decision.getBoundingClientRect().bottom);
    return top;
  }
  // An answer that came while the player had scrolled down the board (on a phone, to the controls) is brought into
  // sight below the sticky bar: otherwise "Hint" seems to do nothing.
  function inSight(panel) {
    const top = chromeBottom(), box = panel.getBoundingClientRect();
    if (box.top >= top && box.top <= window.innerHeight - 96) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: box.top - top - 8, behavior: calm ? "auto" : "smooth" });
  }
  // The control in the middle of what the header and the (sticky, on a phone) decision bar leave of the window; a
  // board's own scroller (a wide map) is scrolled to it first.
  function bringIntoView(control) {
    control.scrollIntoView({ block: "nearest", inline: "center" });
    const top = chromeBottom();
    const box = control.getBoundingClientRect();
    const room = window.innerHeight - top;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: box.top - top - Math.max(8, (room - box.height) / 2), behavior: calm ? "auto" : "smooth" });
  }
  table.addEventListener("click", (event) => {
    const ask = event.target.closest("[data-hint-ask]");
    if (ask) {
      if (!send({ type: "hint", version: version() })) return;
      ask.disabled = true;
      ask.textContent = "Thinking…";
      // An answer lost with a dropped connection must not leave the button dead: it may be asked again.
      setTimeout(() => { if (ask.isConnected && ask.disabled) { ask.disabled = false; ask.textContent = "Hint"; } }, 15000);
      return;
    }
    if (event.target.closest("[data-hint-close]")) {
      const [panel, button] = panelAndButton();
      unmark();
      if (panel) panel.hidden = true;
      if (button) button.setAttribute("aria-expanded", "false");
      shown = null;
      return;
    }
    const pick = event.target.closest("[data-hint-index]");
    if (pick) point(parseInt(pick.dataset.hintIndex, 10));
  });
  table.addEventListener("civitas:hint", (event) => {
    const frame = event.detail;
    if (frame.type === "hint" && frame.version !== version()) return; // for a table no longer shown
    render(frame);
  });
  // A move draws the panel hidden again; the Hint button, which a patch may keep as it was (a part), is reset with it.
  table.addEventListener("civitas:table", () => {
    shown = null;
    const [panel, ask] = panelAndButton();
    if (ask && panel && panel.hidden) { ask.disabled = false; ask.textContent = "Hint"; ask.setAttribute("aria-expanded", "false"); }
  });
})();
