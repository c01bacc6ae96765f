// The replay page: steps are fetched as JSON fragments (each once, the neighbours ahead of time) and swapped in
// place, so stepping never reloads the page. Arrow keys step, Home and End jump; the address follows the step.
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
  cache.set(shown, Promise.resolve({ step: shown, html: body.innerHTML }));

  function query(step) { return "?move=" + step + (seat !== "" ? "&seat=" + seat : ""); }
  function load(step) {
    if (!cache.has(step)) {
      const promise = fetch(api + query(step), { headers: { Accept: "application/json" }, credentials: "same-origin" })
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
      prefetch(step);
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
  prefetch(shown);
})();
