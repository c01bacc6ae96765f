// Chat and log in a drawer on a phone: below 900 px the table talk and the log ("What happened") leave the page's
// flow and open over the table from the dock's button, one tab each; the button counts the chat lines others wrote
// since the player last looked. (At desktop width the chat stays beside the table and the log below it; the CSS
// ignores the drawer's state there.)
(function () {
  "use strict";
  const root = document.querySelector("[data-match]");
  if (!root) return;
  const opener = root.querySelector("[data-drawer-open]");
  const unreadBadge = root.querySelector("[data-drawer-unread]");
  const me = (document.querySelector('meta[name="civitas-user"]') || { content: "" }).content;
  const wide = window.matchMedia("(min-width: 900px)");
  let unread = 0;

  function showUnread() {
    unreadBadge.textContent = String(unread);
    unreadBadge.hidden = unread === 0;
    opener.setAttribute("aria-label", "Chat and log" + (unread ? ": " + unread + " unread" : ""));
  }
  function open(tab) {
    root.dataset.drawer = tab;
    root.querySelectorAll("[data-drawer-tab]").forEach((button) => {
      button.setAttribute("aria-selected", String(button.dataset.drawerTab === tab));
    });
    if (tab === "chat") { unread = 0; showUnread(); }
    const chosen = root.querySelector('[data-drawer-tab="' + tab + '"]');
    if (chosen) chosen.focus();
  }
  function close() {
    delete root.dataset.drawer;
    opener.focus();
  }
  function chatSeen() { return wide.matches || root.dataset.drawer === "chat"; }

  opener.addEventListener("click", () => open("chat"));
  root.querySelectorAll("[data-drawer-tab]").forEach((button) => {
    button.addEventListener("click", () => open(button.dataset.drawerTab));
  });
  root.querySelector("[data-drawer-close]").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && root.dataset.drawer && !document.querySelector("dialog[open]")) close();
  });
  // A line someone else wrote, added while the chat was out of sight, is unread.
  const watch = new MutationObserver((changes) => {
    if (chatSeen()) return;
    changes.forEach((change) => change.addedNodes.forEach((line) => {
      if (line.nodeType !== 1) return;
      const name = line.querySelector("b");
      if (!name || name.textContent !== me) unread += 1;
    }));
    showUnread();
  });
  root.querySelectorAll("[data-chat-lines]").forEach((list) => watch.observe(list, { childList: true }));
  wide.addEventListener("change", () => { if (wide.matches) { delete root.dataset.drawer; unread = 0; showUnread(); } });

  // The button floats over the table: wherever the page is scrolled, it never lies over something to tap. Its usual
  // place is the bottom right corner; over a control, it takes the first free place of the bottom left corner, the
  // places a step above each, and the header's empty middle (on a board of controls from edge to edge).
  const dock = root.querySelector(".table-dock");
  const TAPPABLE = "[data-move], button, a[href], input, select, textarea, summary, [tabindex]";
  const SPOTS = [0, 1, 2, 3, 4, 5].map((k) => ({ left: k % 2 === 1, up: Math.floor(k / 2) * 60 }));
  function covered(box) {
    let moves = 0, others = 0;
    for (let i = 0; i <= 4; i++) {
      for (let j = 0; j <= 4; j++) {
        const x = box.left + 2 + (box.width - 4) * i / 4, y = box.top + 2 + (box.height - 4) * j / 4;
        const under = document.elementsFromPoint(x, y).find((el) => !dock.contains(el));
        const control = under && under.closest(TAPPABLE);
        if (control && !control.disabled) { if (control.matches("[data-move]")) moves += 1; else others += 1; }
      }
    }
    return moves * 100 + others;
  }
  function headerSpot(size) {
    const brand = document.querySelector(".topbar .brand"), nav = document.querySelector(".topbar nav");
    if (!brand || !nav) return null;
    const from = brand.getBoundingClientRect().right, to = nav.getBoundingClientRect().left;
    if (to - from < size.width + 16) return null;
    const bar = document.querySelector(".topbar").getBoundingClientRect();
    return { top: Math.round(bar.top + (bar.height - size.height) / 2), x: Math.round((from + to - size.width) / 2) };
  }
  function place(spot) {
    const at = spot.top !== undefined;
    dock.classList.toggle("in-header", at);
    dock.style.top = at ? spot.top + "px" : "";
    dock.style.left = at ? spot.x + "px" : spot.left ? "12px" : "";
    dock.style.right = at || spot.left ? "auto" : "";
    dock.style.bottom = at ? "auto" : spot.up ? 12 + spot.up + "px" : "";
  }
  function move() {
    queued = false;
    if (wide.matches || root.dataset.drawer || !dock.getClientRects().length) return;
    const size = opener.getBoundingClientRect();
    const spots = SPOTS.map((spot) => ({ spot: spot, left: spot.left ? 12 : window.innerWidth - 12 - size.width,
      top: window.innerHeight - 12 - spot.up - size.height }));
    const high = headerSpot(size);
    if (high) spots.push({ spot: high, left: high.x, top: high.top });
    // Where it is now comes second (after its usual place): it does not hop from one free place to another.
    const now = spots.findIndex((s) => s.spot === placed || (high && s.spot === high && placed === "header"));
    if (now > 1) spots.splice(1, 0, spots.splice(now, 1)[0]);
    let best = null;
    for (const s of spots) {
      const over = covered({ left: s.left, top: s.top, width: size.width, height: size.height });
      if (!best || over < best.over) best = { spot: s.spot, over: over };
      if (!over) break;
    }
    place(best.spot);
    placed = best.spot === high ? "header" : best.spot;
  }
  let placed = SPOTS[0];
  let queued = false;
  function soon() {
    if (!queued) { queued = true; requestAnimationFrame(move); }
  }
  if (dock) {
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon);
    const table = document.getElementById("table");
    if (table) table.addEventListener("civitas:table", soon);
    soon();
  }
})();
