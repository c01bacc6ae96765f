// The decision in reach: when the player is to decide and none of the decision's controls can be reached without
// scrolling (the page opened scrolled, the turn came while they read further down, their last step moved the next
// one off screen), the page brings the first control into view, just below the header and the sticky decision bar.
// It never moves the page while another player decides, nor on a frame the player did not cause mid-decision.
(function () {
  "use strict";
  const table = document.getElementById("table");
  const root = document.querySelector("[data-match]");
  if (!table || !root) return;
  const MARGIN = 8;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
  let wasDeciding = false;
  let clicked = false; // the player tapped a control since the last frame

  const dock = root.querySelector(".table-dock");
  function docked() { return dock && dock.getClientRects().length ? dock.offsetHeight : 0; } // (at the bottom: site.css)
  function deciding() { return !!table.querySelector(".status.yours"); }
  // The band of the viewport a control must be in: below the header and the decision bar (once stuck), above the
  // chat-and-log bar along the bottom (on a phone) or the bottom edge.
  function band() {
    const bar = document.querySelector(".topbar");
    let top = bar ? bar.getBoundingClientRect().bottom : 0;
    const decision = table.querySelector(".decision");
    if (decision && getComputedStyle(decision).position === "sticky") top += decision.offsetHeight;
    return { top: top, bottom: window.innerHeight - docked() };
  }
  function controls() {
    return Array.prototype.filter.call(table.querySelectorAll("[data-move]:not(:disabled)"),
      (el) => el.getClientRects().length && !el.closest(".decision"));
  }
  function inReach(el, at) {
    const box = el.getBoundingClientRect();
    return box.top >= at.top && box.bottom <= at.bottom;
  }
  function bringIntoView() {
    if (!deciding() || root.dataset.drawer) return;
    const all = controls();
    if (!all.length) return;
    const at = band();
    if (all.some((el) => inReach(el, at))) return;
    const first = all[0].getBoundingClientRect();
    // After scrolling, the decision bar sticks: the control goes just below it.
    const decision = table.querySelector(".decision");
    const stuck = decision && getComputedStyle(decision).position === "sticky";
    const barTop = (document.querySelector(".topbar") || { offsetHeight: 0 }).offsetHeight;
    const below = barTop + (stuck ? decision.offsetHeight : 0) + MARGIN;
    window.scrollBy({ top: first.top - below, behavior: calm.matches ? "auto" : "smooth" });
  }
  // Any scroll into view of the board (a focus from the keyboard, a lesson's "Show me", a link) leaves its target
  // below the header and the sticky decision bar and above the chat-and-log bar: the board's scroll-margin (site.css)
  // follows their heights. (Not the page's scroll-padding: a focus inside the stuck bar would scroll the page.)
  function pad() {
    const html = document.documentElement;
    html.style.setProperty("--sticky-chrome", Math.ceil(Math.max(0, band().top)) + MARGIN + "px");
    html.style.setProperty("--dock-room", docked() + MARGIN + "px");
  }
  const resized = window.ResizeObserver ? new ResizeObserver(pad) : null;
  function watchBar() {
    pad();
    if (!resized) return;
    resized.disconnect();
    const decision = table.querySelector(".decision"), bar = document.querySelector(".topbar");
    if (decision) resized.observe(decision);
    if (bar) resized.observe(bar);
  }
  window.addEventListener("resize", pad);
  table.addEventListener("click", (event) => { if (event.target.closest("[data-move], [data-action]")) clicked = true; });
  table.addEventListener("civitas:table", () => {
    watchBar();
    const now = deciding();
    if (now && (!wasDeciding || clicked)) bringIntoView();
    wasDeciding = now;
    clicked = false;
  });
  watchBar();
  wasDeciding = deciding();
  if (wasDeciding) bringIntoView();
})();
