// The table's way out and its ending (matches/_leave.html, _leave_dialog.html, _result_panel.html): Resign, Leave
// the band and Abort ask for a confirmation first, whose button match.js then sends as a frame ([data-action]); a
// result panel that appears on the table is brought into view; a Rematch form gets the page's CSRF token.
(function () {
  "use strict";
  const root = document.querySelector("[data-match]");
  const table = document.getElementById("table");
  if (!root || !table) return;
  const dialog = root.querySelector("[data-leave-dialog]");
  let panelShown = !!table.querySelector("[data-result-panel]");

  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-leave]");
    if (button && dialog) {
      dialog.querySelector("[data-leave-text]").textContent = button.dataset.confirmText;
      const confirm = dialog.querySelector("[data-leave-confirm]");
      confirm.textContent = button.dataset.confirmLabel;
      confirm.dataset.action = button.dataset.leave; // match.js's own click handler (registered first) sends it
      dialog.showModal();
      return;
    }
    if (dialog && event.target.closest("[data-leave-cancel], [data-leave-confirm]")) dialog.close();
  });

  // The table is drawn anew with each frame: when a result panel is there and was not before, the match just ended.
  function panelCheck() {
    const panel = table.querySelector("[data-result-panel]");
    if (panel && !panelShown) {
      if (dialog && dialog.open) dialog.close();
      const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      panel.scrollIntoView({ behavior: calm ? "auto" : "smooth", block: "start" });
      panel.focus({ preventScroll: true });
    }
    panelShown = !!panel;
  }
  new MutationObserver(panelCheck).observe(table, { childList: true });
  table.addEventListener("civitas:table", panelCheck); // a patch changes a region inside the table, not its children

  table.addEventListener("submit", (event) => {
    const form = event.target.closest("[data-rematch]");
    if (form && window.civitas) civitas.fillCsrf(form);
  });
})();
