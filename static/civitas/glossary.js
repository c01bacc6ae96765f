// A glossary at the table: the game's terms (sent once with the page, apps/<game>/glossary.py) are found on the table
// after every frame, and each shows its meaning, in the rules' own words, in a popover: on hover, on keyboard focus,
// and on a tap. Found are pictures (role="img", img, [title]) whose name holds a term, and term words in the table's
// headings and labels. A move button's own tap is never taken: a picture inside one shows its meaning on hover only
// (its term is also found elsewhere on the table, outside the buttons). Escape, or a tap elsewhere, closes it.
// A meaning shown by hover is a glance: it lies over the controls near the term, so it takes no pointer but on its link
// to the rules (a click elsewhere on it reaches the control under it). It goes when the pointer leaves the term (after
// a moment, in which the pointer may reach that link; then when the pointer leaves the link), when the page scrolls,
// and when another opens. One opened by a tap or by keyboard focus can be used and stays until closed.
(function () {
  "use strict";
  const table = document.getElementById("table");
  const source = document.getElementById("glossary-data");
  if (!table || !source) return;
  let data;
  try { data = JSON.parse(source.textContent); } catch (e) { return; }
  const terms = data.terms.map((term) => ({
    term: term,
    // The rule of apps/matches/glossary.py: a whole word, any case, singular or plural.
    pattern: new RegExp("(?<![\\w-])(?:" + term.words.map(escape).join("|") + ")(?:s|es)?(?![\\w-])", "i"),
  }));
  const PICTURES = '[role="img"][aria-label], img[alt], [title]';
  const LABELS = "h2, h3, h4, h5, th, dt, legend, caption, b, strong, [class$='-label'], [class*='-label ']";
  const KEEP_OUT = "[data-move], button, a, summary, [popover], .why, [aria-hidden='true'], .gloss-word";
  const POP_ID = "glossary-pop";

  function escape(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function termsIn(label) { return terms.filter((t) => t.pattern.test(label)).map((t) => t.term); }

  const pop = document.createElement("div");
  pop.id = POP_ID;
  pop.className = "glossary-pop";
  pop.setAttribute("role", "tooltip");
  pop.hidden = true;
  document.body.appendChild(pop);
  let shownFor = null; // the element whose meaning is shown
  let pinned = false; // opened by a tap or a click: stays until closed, not on the mouse leaving
  let hovered = false; // opened by hover: takes no pointer but on its link, goes when the pointer leaves, or on a scroll
  const GRACE_MS = 300; // the time to move the pointer from the term into its meaning
  let leaving = null;

  function fill(found) {
    pop.textContent = "";
    found.slice(0, 4).forEach((term) => {
      const entry = document.createElement("p");
      const name = document.createElement("strong");
      name.textContent = term.name;
      entry.append(name, " ", term.meaning + " ");
      const more = document.createElement("a");
      more.href = data.rules + "#" + term.anchor;
      more.target = "_blank";
      more.rel = "noopener";
      more.textContent = "In the rules";
      entry.appendChild(more);
      pop.appendChild(entry);
    });
  }
  function place(el) {
    const box = el.getBoundingClientRect();
    const width = Math.min(320, document.documentElement.clientWidth - 16);
    pop.style.width = width + "px";
    const left = Math.max(8, Math.min(box.left + box.width / 2 - width / 2, document.documentElement.clientWidth - width - 8));
    pop.style.left = left + window.scrollX + "px";
    const below = box.bottom + 8;
    const high = pop.offsetHeight;
    const top = below + high > window.innerHeight && box.top - high - 8 > 0 ? box.top - high - 8 : below;
    pop.style.top = top + window.scrollY + "px";
  }
  // how: "hover" (a glance), "focus", or "pin" (a tap, a click, Enter).
  function show(el, how) {
    const found = el._glossary;
    if (!found || !found.length) return;
    if (shownFor && shownFor !== el) hide();
    shownFor = el;
    pinned = pinned || how === "pin";
    hovered = how === "hover" && !pinned;
    stay();
    pop.classList.toggle("glance", hovered);
    fill(found);
    pop.hidden = false;
    place(el);
    const described = el.getAttribute("aria-describedby");
    if (!(described || "").split(" ").includes(POP_ID)) {
      el._describedBefore = described; // a control's own explanation stays; the meaning is added to it
      el.setAttribute("aria-describedby", described ? described + " " + POP_ID : POP_ID);
    }
    if (el.hasAttribute("aria-expanded")) el.setAttribute("aria-expanded", "true");
  }
  function hide() {
    if (shownFor) {
      if (shownFor._describedBefore) shownFor.setAttribute("aria-describedby", shownFor._describedBefore);
      else shownFor.removeAttribute("aria-describedby");
      if (shownFor.hasAttribute("aria-expanded")) shownFor.setAttribute("aria-expanded", "false");
    }
    shownFor = null;
    pinned = false;
    hovered = false;
    pop.hidden = true;
    stay();
  }
  function stay() { clearTimeout(leaving); leaving = null; }
  function leave() { if (!leaving) leaving = setTimeout(hide, GRACE_MS); }

  // Marking the table's terms (again after each frame: the table is drawn anew). Only the first picture of each
  // kind joins the keyboard's tab order, so reaching the moves does not take a tab per icon; every one opens on a tap.
  let reachable = new Set();
  function markPicture(el) {
    const label = el.getAttribute("aria-label") || el.getAttribute("alt") || el.getAttribute("title") || "";
    const found = termsIn(label);
    if (!found.length) return;
    el._glossary = found;
    el.classList.add("gloss-term");
    if (el.hasAttribute("title")) { // the popover says it: no browser tooltip over it
      if (!el.hasAttribute("aria-label") && el.tagName !== "IMG") el.setAttribute("aria-label", el.title);
      el.removeAttribute("title");
    }
    if (el.closest(KEEP_OUT)) return; // inside a move button or a link: hover only, its tap stays the button's
    el.classList.add("gloss-tap");
    const kind = found.map((term) => term.key).join(" ");
    if (!reachable.has(kind) && !el.hasAttribute("tabindex")) { reachable.add(kind); el.tabIndex = 0; }
  }
  function markWords(el) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    const done = new Set(); // a term once per heading or label
    nodes.forEach((node) => {
      if (!node.parentElement || node.parentElement.closest(KEEP_OUT) || node.parentElement.closest(".gloss-term")) return;
      let rest = node;
      terms.forEach((t) => {
        const hit = done.has(t.term.key) ? null : t.pattern.exec(rest.nodeValue);
        if (!hit) return;
        done.add(t.term.key);
        const word = rest.splitText(hit.index);
        rest = word.splitText(hit[0].length);
        const span = document.createElement("span");
        span.className = "gloss-word gloss-term gloss-tap";
        span.tabIndex = 0;
        span.setAttribute("role", "button");
        span.setAttribute("aria-expanded", "false");
        span._glossary = [t.term];
        word.parentNode.replaceChild(span, word);
        span.appendChild(word);
      });
    });
  }
  function mark() {
    hide();
    reachable = new Set();
    table.querySelectorAll(PICTURES).forEach(markPicture);
    // A label with its own explaining button (the board's "?" popovers) is explained already.
    table.querySelectorAll(LABELS).forEach((el) => {
      if (!el.closest(KEEP_OUT) && !el.querySelector("[popovertarget]")) markWords(el);
    });
  }

  // Showing them.
  function termOf(target) {
    const el = target.closest && target.closest(".gloss-term");
    return el && table.contains(el) ? el : null;
  }
  // Where the pointer pressed last: the table redrawn under a resting pointer after a click (a pawn moved to the
  // clicked place) opens no glance over what the move just did, until the pointer moves on. A finger leaves no
  // pointer resting on the table, so a tap does not count.
  let pressedAt = null;
  table.addEventListener("pointerdown", (event) => {
    pressedAt = event.pointerType === "touch" ? null : [event.clientX, event.clientY];
  });
  function glance(event) {
    const el = termOf(event.target);
    if (el && !pinned && !pressedAt && el !== shownFor) show(el, "hover");
  }
  document.addEventListener("mousemove", (event) => {
    if (!pressedAt || Math.abs(event.clientX - pressedAt[0]) + Math.abs(event.clientY - pressedAt[1]) <= 4) return;
    pressedAt = null;
    glance(event); // (the browser told mouseover before this move)
  });
  table.addEventListener("mouseover", glance);
  table.addEventListener("mouseout", (event) => {
    const el = termOf(event.target);
    if (el && el === shownFor && hovered && !el.contains(event.relatedTarget)) leave();
  });
  table.addEventListener("mouseover", (event) => { if (hovered && shownFor && shownFor.contains(event.target)) stay(); });
  pop.addEventListener("mouseover", () => { if (hovered) stay(); });
  pop.addEventListener("mouseout", (event) => {
    if (hovered && !pop.contains(event.relatedTarget) && !(shownFor && shownFor.contains(event.relatedTarget))) leave();
  });
  let quiet = false; // focus given back by Escape: it does not open the popover again
  table.addEventListener("focusin", (event) => {
    const el = termOf(event.target);
    if (quiet) return;
    if (el && el.classList.contains("gloss-tap")) show(el, "focus");
  });
  table.addEventListener("focusout", (event) => {
    if (shownFor && event.target === shownFor && !pop.contains(event.relatedTarget) && !pinned) hide();
  });
  // A tap (or a click, or Enter on a word) opens or closes it; a term inside a move button never gets here.
  document.addEventListener("click", (event) => {
    const el = termOf(event.target);
    if (el && el.classList.contains("gloss-tap") && !event.target.closest("[data-move]")) {
      if (shownFor === el && pinned) hide();
      else { hide(); show(el, "pin"); }
      return;
    }
    if (!pop.hidden && !pop.contains(event.target)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !pop.hidden) {
      const back = shownFor;
      hide();
      if (back && back.classList.contains("gloss-tap") && back.tabIndex >= 0) { quiet = true; back.focus(); quiet = false; }
      return;
    }
    const el = termOf(event.target);
    if (el && el.getAttribute("role") === "button" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      if (shownFor === el && !pop.hidden) hide(); else show(el, "pin");
    }
  });
  window.addEventListener("resize", () => { if (shownFor) place(shownFor); });
  // A scroll (the page's, or a board's own scroller) takes a hovered meaning away; one opened on purpose follows its
  // term.
  document.addEventListener("scroll", (event) => {
    if (pop.hidden || (event.target !== document && pop.contains(event.target))) return;
    if (hovered) hide(); else if (shownFor) place(shownFor);
  }, { capture: true, passive: true });

  table.addEventListener("civitas:table", mark);
  mark();
})();
