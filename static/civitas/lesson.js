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
  // The first control in view: on a phone, below the header and the sticky decision bar that holds the callout (the
  // page's scroll-padding, decision.js, keeps it clear of them and of the chat button).
  function show() {
    const visible = targets().filter((el) => el.getClientRects().length);
    const target = visible[0];
    if (!target) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "center", inline: "nearest", behavior: calm ? "auto" : "smooth" });
    target.focus({ preventScroll: true });
  }
  // On a phone the rule's words wait behind "more"; opened, they stay open for the steps that follow.
  let open = false;
  function unfold() {
    const callout = document.getElementById(CALLOUT);
    const more = callout && callout.querySelector("[data-lesson-more]");
    if (!more) return;
    callout.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? "less" : "more";
  }
  table.addEventListener("click", (event) => {
    if (event.target.closest("[data-lesson-show]")) show();
    if (event.target.closest("[data-lesson-more]")) { open = !open; unfold(); }
  });
  // The lesson's end is said where the learner looks (the callout sits in the decision bar, which sticks): its callout
  // is focused. The game goes on (a bot moves), and a table drawn again would drop that focus: it is given back while
  // nothing else took it.
  let ended = !!document.querySelector("#" + CALLOUT + ".complete");
  let held = false; // the callout had the focus last
  document.addEventListener("focusin", (event) => { held = event.target.id === CALLOUT; });
  function closing() {
    const done = document.querySelector("#" + CALLOUT + ".complete");
    const dropped = held && (!document.activeElement || document.activeElement === document.body);
    if (done && (!ended || dropped)) {
      done.focus({ preventScroll: true });
    }
    ended = !!done;
  }
  // A new step (or the lesson's end) is brought into view if the last move left it above or below the screen: the
  // decision bar sticks only while the learner is to move, so a control low on a long board scrolls it away.
  let step = document.getElementById(CALLOUT) && document.getElementById(CALLOUT).getAttribute("aria-label");
  function reveal() {
    const callout = document.getElementById(CALLOUT);
    const now = callout && callout.getAttribute("aria-label");
    if (!callout || now === step) return;
    step = now;
    const bar = document.querySelector(".topbar");
    const top = callout.getBoundingClientRect().top;
    if (top < (bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0) || top > window.innerHeight - 40) {
      callout.scrollIntoView({ block: "start" });
    }
  }
  table.addEventListener("civitas:table", () => { point(); unfold(); closing(); reveal(); });
  point();
})();
