// The match page: one websocket, state frames swapped in by version, clicks on [data-move] sent as moves.
(function () {
  "use strict";
  const root = document.querySelector("[data-match]");
  if (!root) return;
  const matchId = root.dataset.match;
  const table = document.getElementById("table");
  const flash = root.querySelector("[data-flash]");
  const conn = root.querySelector("[data-conn]");
  const watchers = root.querySelector("[data-watchers]");
  const chatLists = {
    players: root.querySelector('[data-chat="players"] [data-chat-lines]'),
    watchers: root.querySelector('[data-chat="watchers"] [data-chat-lines]'),
  };
  const chatForm = root.querySelector("[data-chat-form]");
  let removed = false;
  let over = root.dataset.over === "1"; // a finished match is never "Live" and has nobody away
  let version = parseInt(root.dataset.version, 10);
  let live = null; // civitas.openSocket's answer, opened last
  let pending = null; // the move id we are waiting on
  let pendingFrame = null; // ...and its frame, sent again (same id, so applied once) if no answer comes
  let pendingTimer = null;

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + Math.random().toString(16).slice(2);
  }
  const NOTICE_MS = 4000;
  let noticeAt = 0;
  function showFlash(text) {
    flash.textContent = text;
    flash.hidden = !text;
  }
  // Clocks of a timed match: each frame (state or presence) gives every seat's time as the server read it; the
  // page counts down the running ones from the moment the frame arrived. The server alone decides: out of time by its
  // clock, a seat cannot move; unrated, the others may then hand it to a bot (the server checks the vote against its
  // clock); rated, it loses on time (/help/time/).
  let clock = null;
  let clockAt = 0;
  let clockTimer = null;
  function setClock(data) {
    if (!data) return;
    clock = data;
    clockAt = Date.now();
    clearInterval(clockTimer);
    showClocks();
    if (clock.running.length && !over) clockTimer = setInterval(showClocks, clock.kind === "own_pace" ? 30000 : 250);
  }
  function readClock() {
    const status = table.querySelector(".table-status");
    if (!status || !status.dataset.clock) return;
    try { setClock(JSON.parse(status.dataset.clock) || null); } catch (e) { /* an untimed match: no clock */ }
  }
  function clockText(ms, kind) {
    const s = Math.ceil(ms / 1000);
    if (kind === "own_pace") {
      const d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60);
      return d ? d + " d " + h + " h" : h ? h + " h " + m + " min" : m + " min";
    }
    const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), sec = String(s % 60).padStart(2, "0");
    return h ? h + ":" + String(m).padStart(2, "0") + ":" + sec : m + ":" + sec;
  }
  function showClocks() {
    if (!clock) return;
    const spent = Date.now() - clockAt;
    const mySeat = root.dataset.seat === "" ? null : parseInt(root.dataset.seat, 10);
    root.querySelectorAll("[data-clock-seat]").forEach((el) => {
      const seat = parseInt(el.dataset.clockSeat, 10);
      const running = !over && clock.running.indexOf(seat) >= 0;
      const left = Math.max(0, clock.remaining_ms[seat] - (running ? spent : 0));
      el.hidden = false;
      el.textContent = clockText(left, clock.kind);
      el.classList.toggle("running", running);
      el.classList.toggle("low", running && clock.kind === "real_time" && left < 30000);
      el.classList.toggle("out", running && left <= 0);
      if (running && left <= 0 && clock.kind === "real_time" && mySeat !== null && seat !== mySeat) offerVote(seat);
    });
  }
  function offerVote(seat) {
    // Only while the seat's person still plays it, and only unrated: once a bot has the seat there is nothing to
    // vote on (its clock runs on at 0:00 while it answers), and in a rated match the server decides the loss on time.
    if (root.dataset.rated === "1") return;
    const vote = root.querySelector('[data-vote-seat="' + seat + '"]');
    if (!vote || !vote.hidden) return;
    const botMark = vote.closest(".player").querySelector("[data-bot-mark]");
    if (botMark && !botMark.hidden) return;
    clearTimeout(vote._timer);
    vote.hidden = false;
    vote.disabled = false;
    vote.textContent = "out of time: hand to a bot";
  }
  function markTurn() {
    const status = table.querySelector(".table-status");
    const active = status && status.dataset.active ? status.dataset.active.split(",").map(Number) : [];
    root.querySelectorAll(".player").forEach((li) => {
      li.classList.toggle("turn", active.indexOf(parseInt(li.dataset.seat, 10)) >= 0);
    });
  }
  function send(frame) {
    if (live.send(frame)) return true;
    showFlash("Reconnecting… your click was not sent; try again in a moment.");
    return false;
  }
  function settle() {
    pending = null;
    pendingFrame = null;
    clearTimeout(pendingTimer);
  }
  function sendMove(frame) {
    pending = frame.id;
    pendingFrame = frame;
    if (!send(frame)) { settle(); return; }
    clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => { if (pendingFrame === frame) sendMove(frame); }, 3000);
  }
  let redraw = false; // a seat changed hands (no new version): the next frame of this version is drawn again
  function applyState(frame) {
    // Every state frame is the whole table, so the newest one is enough: older or repeated ones are ignored.
    if (frame.version < version || (frame.version === version && !redraw)) return;
    const newer = frame.version > version;
    redraw = false;
    version = frame.version;
    root.dataset.version = String(version);
    const scrolled = keptScroll();
    table.innerHTML = frame.html;
    restoreScroll(scrolled);
    drawn(newer);
  }
  // A patch: the regions of the table that changed since the version this page shows (frame.base), and of the other
  // regions the parts that changed (frame.parts, by data-part id), each brought to its new HTML in place (morph), and
  // their lists' splices (frame.lists, by data-list id), so focus, a box's scroll and an open popover outside what
  // changed are kept. A page not at the patch's base (a frame lost, a table drawn from elsewhere) asks for the whole
  // table instead.
  function applyPatch(frame) {
    if (frame.version <= version) return;
    const changes = [];
    Object.keys(frame.regions).forEach((id) => changes.push(['[data-region="' + id + '"]', frame.regions[id]]));
    Object.keys(frame.parts || {}).forEach((id) => changes.push(['[data-part="' + id + '"]', frame.parts[id]]));
    Object.keys(frame.lists || {}).forEach((id) => changes.push(['[data-list="' + id + '"]', frame.lists[id], splice]));
    const places = changes.map((change) => table.querySelector(change[0]));
    const fits = (el, i) => el && (!changes[i][2] || changes[i][1].every((s) => s[0] + s[1] <= el.children.length));
    // A part the page has as it is comes as <template data-keep="id">: the page's own element goes in its place.
    const fresh = changes.map((change, i) => (change[2] ? null : parsed(change[1], places[i])));
    const keeps = [];
    fresh.forEach((f) => f && f.querySelectorAll("template[data-keep]").forEach((t) => {
      keeps.push([t, table.querySelector('[data-part="' + t.dataset.keep + '"]')]);
    }));
    if (frame.base !== version || !places.every(fits) || keeps.some((k) => !k[1])) {
      redraw = true; live.send({ type: "sync" }); return;
    }
    redraw = false;
    version = frame.version;
    root.dataset.version = String(version);
    const scrolled = keptScroll();
    keeps.forEach(([t, el]) => t.replaceWith(el));
    // Last first: a part changed inside a kept one (it comes after what holds it) is brought up to date before that.
    for (let i = places.length - 1; i >= 0; i--) {
      if (changes[i][2]) splice(places[i], changes[i][1]); else morph(places[i], fresh[i]);
    }
    restoreScroll(scrolled);
    drawn(true);
  }
  // A list's children changed by splices [at, removed, html], in order (the log: its new lines in, its oldest out).
  function splice(el, splices) {
    splices.forEach(([at, removed, html]) => {
      for (let k = 0; k < removed; k++) el.children[at].remove();
      el.insertBefore(parsed(html), el.children[at] || null);
    });
  }
  function parsed(html, place) {
    const fresh = document.createElement("template");
    // A part inside a drawing (a pawn on Origins' map) is read as SVG, inside an <svg> of its own.
    if (place instanceof SVGElement && !(place instanceof SVGSVGElement)) {
      fresh.innerHTML = "<svg>" + html + "</svg>";
      const content = document.createDocumentFragment();
      content.append(...fresh.content.firstChild.childNodes);
      return content;
    }
    fresh.innerHTML = html;
    return fresh.content;
  }
  function morph(el, content) {
    const into = content.firstElementChild;
    if (!into || into.tagName !== el.tagName) { el.replaceWith(content); return; }
    sameAttributes(el, into);
    sameChildren(el, into);
  }
  function sameAttributes(el, into) {
    Array.from(el.attributes).forEach((a) => { if (!into.hasAttribute(a.name)) el.removeAttribute(a.name); });
    Array.from(into.attributes).forEach((a) => { if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value); });
    // ...in a page load's order (one gained goes last): from the first out of place on, each set again in turn.
    const wanted = Array.from(into.attributes);
    const from = wanted.findIndex((a, i) => !el.attributes[i] || el.attributes[i].name !== a.name);
    if (from >= 0) wanted.slice(from).forEach((a) => { el.removeAttribute(a.name); el.setAttribute(a.name, a.value); });
  }
  // Children matched by position: the same kind of node (and an element with the same id) is kept and brought up to
  // date, anything else is replaced.
  function sameChildren(el, into) {
    const olds = Array.from(el.childNodes), news = Array.from(into.childNodes);
    news.forEach((node, i) => {
      const old = olds[i];
      if (!old) el.appendChild(node);
      else if (old.nodeName !== node.nodeName || (node.nodeType === 1 && old.id !== node.id)) el.replaceChild(node, old);
      else if (node.nodeType === 1) { sameAttributes(old, node); sameChildren(old, node); }
      else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
    });
    olds.slice(news.length).forEach((old) => old.remove());
  }
  function drawn(newer) {
    // A table drawn again keeps the notice that said why; a move clears it, but not one that follows the notice at
    // once (a seat handed to a bot that moves straight away): the notice stays long enough to be read.
    // A patch leaves the controls it did not change as they were, still marked as waiting on the click it answers.
    if (newer) {
      settle();
      table.querySelectorAll(".waiting").forEach((el) => el.classList.remove("waiting"));
      if (Date.now() - noticeAt > NOTICE_MS) showFlash("");
    }
    markTurn();
    if (table.querySelector(".status.over")) showOver();
    readClock();
    // For the page's other modules (decision.js, drawer.js): the table was drawn again.
    table.dispatchEvent(new CustomEvent("civitas:table", { detail: { version: version, newer: newer } }));
  }
  // A board's own scroller (a map wider than a phone, [data-scroll]; Origins' map) keeps its position across frames,
  // except when what the decision is about moves ([data-scroll-span]: "lo hi anchor", fractions of its width): then,
  // and when the page opens, it centres that span, keeping the anchor in sight when the span is wider than the screen.
  function keptScroll() {
    const kept = {};
    table.querySelectorAll("[data-scroll]").forEach((el) => {
      kept[el.dataset.scroll] = [el.scrollLeft, el.scrollTop, el.dataset.scrollSpan, el.dataset.scrollShow];
    });
    return kept;
  }
  function restoreScroll(kept) {
    table.querySelectorAll("[data-scroll]").forEach((el) => {
      const at = kept[el.dataset.scroll];
      if (at) { el.scrollLeft = at[0]; el.scrollTop = at[1]; }
      if (el.dataset.scrollSpan && (!at || at[2] !== el.dataset.scrollSpan)) centreSpan(el);
      if (el.dataset.scrollShow && (!at || at[3] !== el.dataset.scrollShow)) showWhole(el);
    });
  }
  // A scroller the player decides on ([data-scroll-show="step"], Origins' map with targets) comes wholly into view
  // when the page opens and when the step changes, below the header and the sticky decision bar (or with the prompt, where the prompt
  // scrolls with the page and both fit), the page moving as little as it can; with the step's other choices when a
  // box around it holds them ([data-scroll-whole]).
  function showWhole(scroller) {
    const el = scroller.closest("[data-scroll-whole]") || scroller;
    const bar = document.querySelector(".topbar"), decision = table.querySelector(".decision");
    const stuck = decision && getComputedStyle(decision).position === "sticky";
    const top = (bar ? bar.getBoundingClientRect().bottom : 0) + (stuck ? decision.offsetHeight : 0);
    const box = el.getBoundingClientRect(), prompt = decision && !stuck ? decision.getBoundingClientRect().top : box.top;
    const from = box.bottom - prompt <= window.innerHeight - top ? Math.min(prompt, box.top) : box.top;
    const by = from < top ? from - top : Math.max(0, Math.min(box.bottom - window.innerHeight, from - top));
    if (by) window.scrollBy(0, by);
  }
  // A control that changes the scroller's zoom ([data-scroll-recentre], Origins' "Zoom in") centres it again.
  table.addEventListener("change", (event) => {
    if (event.target.matches("[data-scroll-recentre]")) table.querySelectorAll("[data-scroll-span]").forEach(centreSpan);
  });
  function centreSpan(el) {
    const [lo, hi, anchor] = el.dataset.scrollSpan.split(" ").map(Number);
    const full = el.scrollWidth, half = el.clientWidth / 2, room = Math.max(0, half - 32);
    if (full <= el.clientWidth) return;
    const middle = Math.min(Math.max((lo + hi) / 2 * full, anchor * full - room), anchor * full + room);
    el.scrollLeft = middle - half;
  }
  function showError(frame) {
    if (frame.about === "hint") { showHint(frame); return; } // a refused hint: the move waited on stays pending
    settle();
    table.querySelectorAll(".waiting").forEach((el) => el.classList.remove("waiting"));
    if (frame.code === "stale_version") { showFlash("The table changed before your click arrived; here is the latest."); send({ type: "sync" }); }
    else showFlash(frame.message);
  }
  // Hints (hint.js): its answers and refusals go to it; it sends its frames through this page's socket.
  function showHint(frame) { table.dispatchEvent(new CustomEvent("civitas:hint", { detail: frame })); }
  root.addEventListener("civitas:send", (event) => { event.detail.sent = send(event.detail.frame); });
  function showNotice(frame) {
    noticeAt = Date.now();
    showFlash(frame.message);
    if (frame.over) {
      table.querySelectorAll("[data-move]").forEach((el) => { el.disabled = true; });
      showOver();
      // A match that ended without a move (a resignation, a loss on time, an abort) keeps its version: the table,
      // and its result panel, is asked for again and drawn.
      redraw = true;
      live.send({ type: "sync" });
    }
  }
  function showRemoved(frame) {
    removed = true;
    showFlash(frame.message);
    conn.textContent = "Removed";
    table.querySelectorAll("[data-move], [data-action]").forEach((el) => { el.disabled = true; });
    if (chatForm) chatForm.remove();
  }
  function showOver() {
    over = true;
    root.dataset.over = "1";
    conn.textContent = "Game over";
  }
  let seatHands = null; // who plays each seat ("p" its person, "b" a bot), as the last presence frame said
  function showPresence(frame) {
    // The players bar as the server sees it now: who is connected, who is away, which seats a bot plays, and
    // "hand to a bot" enabled only from the second the server accepts the vote (vote_in is rounded up).
    watchers.textContent = frame.watchers;
    if (frame.over) showOver();
    setClock(frame.clock);
    const away = {};
    const players = {};
    if (!over) (frame.away || []).forEach((a) => { away[a.seat] = a; });
    (frame.players || []).forEach((p) => { players[p.seat] = p; });
    // A seat handed to a bot or taken back changes the table (whose buttons it has) without a new version: ask
    // for it again. (The first presence frame only records how the seats stand.)
    // Not when this page's own seat went to a bot: that is a moderator removing this player (whose removal is on
    // its way, and a sync would only race it) or a seat whose clock ran out on its turn (whose bot moves at once).
    const hands = (frame.players || []).map((p) => p.bot ? "b" : "p").join("");
    const mine = root.dataset.seat === "" ? -1 : parseInt(root.dataset.seat, 10);
    const changed = seatHands !== null && hands !== seatHands;
    const lostMine = changed && mine >= 0 && hands[mine] === "b" && seatHands[mine] === "p";
    if (changed && !lostMine && !removed) { redraw = true; live.send({ type: "sync" }); } // quietly
    seatHands = hands;
    const mySeat = root.dataset.seat === "" ? null : parseInt(root.dataset.seat, 10);
    root.querySelectorAll(".player").forEach((li) => {
      const seat = parseInt(li.dataset.seat, 10);
      const connected = frame.online.indexOf(seat) >= 0;
      li.classList.toggle("online", connected);
      const dot = li.querySelector("[data-online-dot]");
      if (dot) dot.setAttribute("aria-label", connected ? "connected" : "not connected");
      const player = players[seat];
      if (player) {
        li.querySelector("[data-player-name]").textContent = player.name;
        li.querySelector("[data-bot-mark]").hidden = !player.bot;
      }
      const label = li.querySelector(".away");
      if (label) {
        label.hidden = !away[seat];
        label.textContent = away[seat] && away[seat].why === "clock" ? "out of time" : "away";
      }
      const vote = li.querySelector("[data-vote-seat]");
      if (!vote) return;
      clearTimeout(vote._timer);
      const a = away[seat];
      vote.hidden = !a;
      vote.disabled = true;
      if (!a) return;
      const voted = mySeat !== null && (a.votes || []).indexOf(mySeat) >= 0;
      vote.textContent = voted ? "you voted: waiting for the others" : a.why === "clock" ? "out of time: hand to a bot" : "hand to a bot";
      if (voted) return;
      if (a.vote_in > 0) vote._timer = setTimeout(() => { vote.disabled = false; }, a.vote_in * 1000);
      else vote.disabled = false;
    });
  }
  root.addEventListener("click", (event) => {
    const action = event.target.closest("[data-action], [data-vote-seat]");
    if (!action) return;
    if (action.dataset.voteSeat) send({ type: "seat_vote", seat: parseInt(action.dataset.voteSeat, 10) });
    else if (action.dataset.action === "undo") {
      if (pending) return;
      action.disabled = true;
      sendMove({ type: "undo", version: version, id: newId() }); // answered, like a move, by the next state
    } else {
      if (action.dataset.redraw) redraw = true; // answered by the table at the same version (resign, abort)
      send({ type: action.dataset.action });
    }
  });
  function disarm() {
    table.querySelectorAll("[data-move].is-armed").forEach((el) => {
      el.textContent = el.dataset.label;
      el.classList.remove("is-armed");
    });
  }
  table.addEventListener("click", (event) => {
    const target = event.target.closest("[data-move]");
    if (!target || target.disabled) { disarm(); return; }
    event.preventDefault();
    if (pending) return;
    if (target.dataset.confirm && !target.classList.contains("is-armed")) {
      // A move that costs dearly (a player's last health) is sent only on a second tap of the same button.
      disarm();
      target.dataset.label = target.textContent;
      target.textContent = target.dataset.confirm;
      target.classList.add("is-armed");
      return;
    }
    disarm();
    let move;
    try { move = JSON.parse(target.dataset.move); } catch (e) { return; }
    table.querySelectorAll("[data-move]").forEach((el) => el.classList.add("waiting"));
    sendMove({ type: "move", move: move, version: version, id: newId() });
  });
  civitas.bindChat(chatForm, send);
  markTurn();
  readClock();
  restoreScroll({});
  live = civitas.openWatchedSocket("/ws/matches/" + matchId + "/", { // (connection.js: pings, "Reconnecting…")
    status: conn,
    frames: {
      state: applyState,
      patch: applyPatch,
      error: showError,
      chat(frame) { civitas.chatLine(chatLists[frame.channel || "players"], frame); },
      chat_hidden(frame) { civitas.hideChatLine(frame.id); },
      notice: showNotice,
      removed: showRemoved,
      presence: showPresence,
      hint: showHint,
    },
    onOpen() {
      conn.textContent = over ? "Game over" : "Live";
      showFlash("");
      if (pendingFrame) sendMove(pendingFrame); // a click made just before the connection dropped
    },
    onClose(event) {
      if (removed || event.code === civitas.CLOSE.REMOVED) return false;
      conn.textContent = "Reconnecting…";
      if (event.code === civitas.CLOSE.NOT_FOUND) { conn.textContent = "This match does not exist."; return false; }
      return true;
    },
    // A frame lost on the way (a proxy, a stalled process) would leave the page behind until the next move:
    // now and then, and when the page comes back into view, ask for the state if it is newer than ours.
    resync: { frame: () => ({ type: "sync", version: version }), every: parseInt(root.dataset.resync, 10) || 15000 },
  });
})();
