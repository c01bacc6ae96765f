// Chat and log in a drawer on a phone: below 900 px the table talk and the log ("What happened") leave the page's
// flow and open over the table from the bar along the bottom of the screen, "Chat" and "Log" a button each, one tab
// each in the drawer; the Chat button counts the chat lines others wrote since the player last looked. The bar lies
// over no part of the table: the page keeps room below the table for it (site.css). (At desktop width the chat
// stays beside the table and the log below it; the CSS ignores the drawer's state there.)
(function () {
  "use strict";
  const root = document.querySelector("[data-match]");
  if (!root) return;
  const opener = root.querySelector("[data-drawer-open]");
  const logOpener = root.querySelector("[data-drawer-log]");
  const unreadBadge = root.querySelector("[data-drawer-unread]");
  const me = (document.querySelector('meta[name="civitas-user"]') || { content: "" }).content;
  const wide = window.matchMedia("(min-width: 900px)");
  let unread = 0;
  let openedFrom = opener;

  function showUnread() {
    unreadBadge.textContent = String(unread);
    unreadBadge.hidden = unread === 0;
    opener.setAttribute("aria-label", "Chat" + (unread ? ": " + unread + " unread" : ""));
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
    // (a "Just now" line replaced by a move while the drawer was open: its successor takes the focus)
    const back = openedFrom.isConnected ? openedFrom : root.querySelector("[data-just-now]") || logOpener || opener;
    back.focus();
  }
  function chatSeen() { return wide.matches || root.dataset.drawer === "chat"; }

  opener.addEventListener("click", () => { openedFrom = opener; open("chat"); });
  if (logOpener) logOpener.addEventListener("click", () => { openedFrom = logOpener; open("log"); });
  // The decision bar's "Just now" line opens the log too (on a phone: a desk shows the log beside the board and draws
  // no such line); one listener on the match, as a move replaces the line.
  root.addEventListener("click", (event) => {
    const line = event.target.closest && event.target.closest("[data-just-now]");
    if (!line || wide.matches) return;
    openedFrom = line;
    open("log");
  });
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
})();
