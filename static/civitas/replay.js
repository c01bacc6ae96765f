// The replay page: steps are fetched as JSON fragments (each once, the neighbours ahead of time) and swapped in
// place, so stepping never reloads the page. Arrow keys step, Home and End jump; the address follows the step.
// Other scripts ask for a step with a "replay:go" event on the replay's root and hear "replay:shown" once it shows.
// The move list's lines come with the steps: the list (fetched by replay_moves.js as the page's step shows it) holds
// those of the entries ending at or before ``held`` (the furthest step shown), each step's answer brings those ending
// after it up to that step ("replay:lines", kept by replay_moves.js until the list has come), never later.
(function () {
  "use strict";
  const root = document.querySelector("[data-replay]");
  if (!root) return;
  const body = root.querySelector("[data-replay-body]");
  const error = root.querySelector("[data-replay-error]");
  const api = root.dataset.stepApi;
  const total = parseInt(root.dataset.total, 10);
  const seat = root.dataset.seat;
  const cache = new Map(); // step -> promise of {step, html}
  let shown = parseInt(body.querySelector("[data-replay-step]").dataset.replayStep, 10);
  let wanted = shown;
  let held = shown; // the move list has the lines of every entry ending at or before this step
  cache.set(shown, Promise.resolve({ step: shown, html: body.innerHTML }));

  function query(step) { return "?move=" + step + (seat !== "" ? "&seat=" + seat : ""); }
  function load(step) {
    if (!cache.has(step)) {
      const promise = fetch(api + query(step) + "&lines_after=" + held, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then((response) => response.json().catch(() => ({})).then((data) => {
          if (!response.ok || typeof data.html !== "string") throw new Error(data.error || "This move could not be loaded; try again.");
          return data;
        }));
      promise.catch(() => cache.delete(step)); // a failed step is asked for again next time
      cache.set(step, promise);
    }
    return cache.get(step);
  }
  function prefetch(step) {
    [step + 1, step - 1, step + 2].forEach((s) => { if (s >= 0 && s <= total) load(s).catch(() => {}); });
  }
  function showError(text) { error.textContent = text; error.hidden = !text; }
  function go(step) {
    step = Math.max(0, Math.min(total, step));
    if (step === wanted) return;
    wanted = step;
    load(step).then((data) => {
      if (wanted !== step) return; // a later key press asked for another step
      const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.dataset.control : null;
      body.innerHTML = data.html;
      shown = step;
      showError("");
      history.replaceState(null, "", query(step));
      const input = body.querySelector("[data-step-link]");
      if (input) input.value = location.href;
      if (focused) { const again = body.querySelector('[data-control="' + focused + '"]'); if (again) again.focus(); }
      if (data.lines) { // fetched when the list held less, maybe: what it already has is kept as it is
        root.dispatchEvent(new CustomEvent("replay:lines", { detail: data.lines }));
        held = Math.max(held, step);
      }
      prefetch(step);
      root.dispatchEvent(new CustomEvent("replay:shown", { detail: step })); // the move list follows (replay_moves.js)
    }, (err) => {
      if (wanted !== step) return;
      wanted = shown;
      showError(err.message);
    });
  }
  body.addEventListener("click", (event) => {
    const control = event.target.closest("[data-go]");
    if (!control || event.metaKey || event.ctrlKey || event.shiftKey) return; // let a new tab open as a link does
    event.preventDefault();
    if (control.getAttribute("aria-disabled") === "true") return;
    const delta = { back: -1, forward: 1 }[control.dataset.control];
    go(delta ? wanted + delta : parseInt(control.dataset.go, 10));
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const to = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: total }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
  root.addEventListener("replay:go", (event) => go(event.detail)); // the move list, the round jump and autoplay
  prefetch(shown);
})();
