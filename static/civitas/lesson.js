// A lesson's table (apps/matches/domain/lessons.py): the callout names the taught move; this points at its control
// (a highlight, and aria-describedby naming the callout), "Show me" brings it into view and focuses it, and the
// closing form gets its CSRF token. The server enables only the taught move, so the pointer is a guide, not a lock.
(function () {
  "use strict";
  const table = document.getElementById("table");
  if (!table) return;
  const CALLOUT = "lesson-callout";

  function canonical(value) {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
    }
    return JSON.stringify(value);
  }
  function parsed(text) {
    try { return canonical(JSON.parse(text)); } catch (e) { return null; }
  }
  function targets() {
    const callout = document.getElementById(CALLOUT);
    if (!callout || !callout.dataset.lessonMove) return [];
    const wanted = parsed(callout.dataset.lessonMove);
    return Array.prototype.filter.call(table.querySelectorAll("[data-move]"),
      (el) => !el.closest("#" + CALLOUT) && parsed(el.dataset.move) === wanted);
  }
  function point() {
    const callout = document.getElementById(CALLOUT);
    if (!callout) return;
    const form = callout.querySelector("[data-lesson-finish]");
    if (form && window.civitas) civitas.fillCsrf(form);
    targets().forEach((el) => {
      el.classList.add("lesson-target");
      const described = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
      if (described.indexOf(CALLOUT) < 0) el.setAttribute("aria-describedby", [CALLOUT].concat(described).join(" "));
    });
  }
  // The first control in view: on a phone, below the header and the sticky decision bar that holds the callout.
  function show() {
    const visible = targets().filter((el) => el.getClientRects().length);
    const target = visible[0];
    if (!target) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "center", behavior: calm ? "auto" : "smooth" });
    target.focus({ preventScroll: true });
  }
  table.addEventListener("click", (event) => {
    if (event.target.closest("[data-lesson-show]")) show();
  });
  // The lesson's end is said where the learner looks (the callout sits in the decision bar, which sticks on a phone):
  // its callout is focused, once.
  let ended = !!document.querySelector("#" + CALLOUT + ".complete");
  function closing() {
    const done = document.querySelector("#" + CALLOUT + ".complete");
    if (done && !ended) {
      done.focus({ preventScroll: true });
    }
    ended = !!done;
  }
  table.addEventListener("civitas:table", () => { point(); closing(); });
  point();
})();
