// The replay's move list, its jump to a round and autoplay (templates matches/replay.html, matches/_move_list.html).
// Steps are shown by replay.js: this asks for one with a "replay:go" event and, on "replay:shown", marks the entry
// that holds the step shown. Autoplay moves on turn by turn (an entry's last step), at a speed that is remembered.
// The page comes with the list's place alone (working the list out replays the whole match): the list itself, as the
// page's step shows it, and its rounds for the jump are fetched from the moves endpoint (views.replay_move_list) and
// put in that place. It lists every entry but says what happened only in those ending at or before the page's step
// (later ones could name what is still hidden then); "replay:lines" from replay.js fills in the others as steps reach
// them, those heard before the list came once it has.
(function () {
  "use strict";
  const root = document.querySelector("[data-replay]");
  let list = root && root.querySelector("[data-move-list]");
  if (!list) return;
  const api = list.dataset.movesApi;
  const seat = root.dataset.seat;
  const total = parseInt(root.dataset.total, 10);
  let scroller = list.querySelector("[data-move-scroll]");
  let entries = [], firsts = [], lasts = [], byLast = new Map();
  let loaded = false;
  let early = []; // "replay:lines" heard before the list came
  const play = root.querySelector("[data-autoplay]");
  const playWord = root.querySelector("[data-autoplay-word]");
  const speed = root.querySelector("[data-autoplay-speed]");
  const rounds = root.querySelector("[data-round-jump]");
  const roundsLabel = root.querySelector("[data-round-jump-label]");
  const DELAY_MS = { slow: 2000, normal: 1000, fast: 450, fastest: 150 };
  const SPEED_KEY = "civitas.replaySpeed";
  const STALLED_MS = 8000; // a step that does not show by then (an error is on screen) stops autoplay
  let shown = parseInt(root.querySelector("[data-replay-step]").dataset.replayStep, 10);
  let current = null;
  let playing = false;
  let timer = null;

  function go(step) { root.dispatchEvent(new CustomEvent("replay:go", { detail: step })); }

  // The index of the entry whose steps hold ``step``: the last one starting at or before it (-1 at step 0).
  function entryAt(step) {
    let lo = 0, hi = firsts.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (firsts[mid] <= step) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  }

  function keepInView(el) { // scrolls the list alone, never the page
    if (!list.open) return;
    const top = el.offsetTop, bottom = top + el.offsetHeight;
    if (top < scroller.scrollTop || bottom > scroller.scrollTop + scroller.clientHeight) {
      scroller.scrollTop = top - scroller.clientHeight / 3;
    }
  }

  function mark(step) {
    shown = step;
    const index = entryAt(step);
    if (current) current.removeAttribute("aria-current");
    current = index >= 0 ? entries[index] : null;
    if (current) { current.setAttribute("aria-current", "step"); keepInView(current); }
    if (rounds) { // the round the table is in: the last one starting at or before the step
      let value = "";
      for (const option of rounds.options) if (option.value !== "" && parseInt(option.value, 10) <= step) value = option.value;
      rounds.value = value;
    }
  }

  // The next turn's last step after the one shown (the next step until the list has come); null at the end.
  function nextStop() {
    if (!loaded) return shown < total ? shown + 1 : null;
    const index = entryAt(shown);
    if (index >= 0 && lasts[index] > shown) return lasts[index];
    return index + 1 < lasts.length ? lasts[index + 1] : null;
  }

  function setPlaying(on) {
    playing = on;
    clearTimeout(timer);
    play.setAttribute("aria-pressed", on ? "true" : "false");
    playWord.textContent = on ? "Pause" : "Play";
    if (on) schedule();
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const to = nextStop();
      if (to === null) { setPlaying(false); return; }
      go(to);
      timer = setTimeout(() => setPlaying(false), STALLED_MS);
    }, DELAY_MS[speed.value] || DELAY_MS.normal);
  }

  function fill(told) { // {an entry's last step: its lines}
    for (const [last, lines] of Object.entries(told || {})) {
      const entry = byLast.get(parseInt(last, 10));
      if (!entry || entry.querySelector(".move-line")) continue; // the list has them already
      for (const text of lines) {
        const line = document.createElement("span");
        line.className = "move-line";
        line.textContent = text;
        entry.appendChild(line);
      }
    }
  }

  // The list has come: it takes its place (open or folded as that was), and the round jump gets its rounds.
  function arrive(data) {
    const holder = document.createElement("div");
    holder.innerHTML = data.html;
    const fresh = holder.querySelector("[data-move-list]");
    if (!fresh) throw new Error("The moves could not be loaded.");
    fresh.open = list.open;
    list.replaceWith(fresh);
    list = fresh;
    scroller = list.querySelector("[data-move-scroll]");
    entries = Array.from(list.querySelectorAll("[data-move-entry]"));
    firsts = entries.map((a) => parseInt(a.dataset.first, 10));
    lasts = entries.map((a) => parseInt(a.dataset.go, 10));
    byLast = new Map(entries.map((a, i) => [lasts[i], a]));
    for (const [label, start] of data.rounds || []) {
      const option = document.createElement("option");
      option.value = String(start);
      option.textContent = label;
      rounds.appendChild(option);
    }
    roundsLabel.hidden = !(data.rounds || []).length;
    list.addEventListener("click", (event) => {
      const entry = event.target.closest("[data-move-entry]");
      if (!entry || event.metaKey || event.ctrlKey || event.shiftKey) return; // a new tab opens it as a link
      event.preventDefault();
      go(parseInt(entry.dataset.go, 10));
    });
    list.addEventListener("toggle", () => { if (current) keepInView(current); });
    loaded = true;
    early.forEach(fill);
    early = [];
    mark(shown);
  }

  function load() {
    const loading = list.querySelector("[data-moves-loading]");
    loading.textContent = "Loading the moves…";
    const query = "?move=" + list.dataset.movesStep + (seat !== "" ? "&seat=" + seat : "");
    fetch(api + query, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((response) => response.json().catch(() => ({})).then((data) => {
        if (!response.ok || typeof data.html !== "string") throw new Error(data.error || "The moves could not be loaded.");
        return data;
      }))
      .then(arrive)
      .catch((err) => {
        loading.textContent = err.message + " ";
        const again = document.createElement("button");
        again.type = "button";
        again.className = "button small secondary";
        again.textContent = "Try again";
        again.addEventListener("click", load);
        loading.appendChild(again);
      });
  }

  root.addEventListener("replay:lines", (event) => {
    if (loaded) fill(event.detail); else early.push(event.detail);
  });
  root.addEventListener("replay:shown", (event) => {
    mark(event.detail);
    if (playing) schedule();
  });
  play.addEventListener("click", () => {
    if (!playing && nextStop() === null) go(0); // from the end, autoplay starts again at the beginning
    setPlaying(!playing);
  });
  try { const kept = localStorage.getItem(SPEED_KEY); if (kept && DELAY_MS[kept]) speed.value = kept; } catch (e) { /* storage off */ }
  speed.addEventListener("change", () => {
    try { localStorage.setItem(SPEED_KEY, speed.value); } catch (e) { /* storage off */ }
    if (playing) schedule();
  });
  rounds.addEventListener("change", () => { if (rounds.value !== "") go(parseInt(rounds.value, 10)); });
  if (window.matchMedia("(max-width: 899px)").matches) list.open = false; // on a phone the board comes first
  load();
})();
