// Site-wide helpers: CSRF tokens for pushed forms, copy buttons, and the websocket URL of a page.
(function () {
  "use strict";
  const token = document.querySelector('meta[name="csrf-token"]');
  const me = (document.querySelector('meta[name="civitas-user"]') || { content: "" }).content;
  window.civitas = {
    fillCsrf(root) {
      if (!token) return;
      root.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((input) => {
        if (!input.value) input.value = token.content;
      });
    },
    socketUrl(path) {
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      return scheme + "//" + location.host + path;
    },
    bindChat(form, send) {
      // send(frame) returns true when the frame went out; the input is cleared only then.
      if (!form) return;
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const input = form.elements.text;
        const text = input.value.trim();
        if (text && send({ type: "chat", text: text })) input.value = "";
      });
    },
    chatLine(list, frame) {
      // Names and text are inserted as text, never as markup.
      if (!list) return;
      const li = document.createElement("li");
      if (frame.id) li.dataset.id = frame.id;
      const b = document.createElement("b");
      b.textContent = frame.name;
      const span = document.createElement("span");
      span.className = "text";
      span.textContent = frame.text;
      li.append(b, " ", span);
      if (me && frame.name !== me && frame.id) {
        const report = document.createElement("button");
        report.type = "button";
        report.className = "link small report";
        report.dataset.reportMessage = frame.id;
        report.textContent = "report";
        li.append(" ", report);
      }
      list.append(li);
      list.scrollTop = list.scrollHeight;
    },
    hideChatLine(id) {
      document.querySelectorAll('[data-chat-lines] li[data-id="' + id + '"]').forEach((li) => li.remove());
    },
    muteChat(message, untilMs) {
      // A moderator's mute: every chat box on the page is disabled and says why and until when.
      setChatMuted(message, untilMs);
    },
    unmuteChat() { setChatMuted(null, null); },
  };
  let unmuteTimer = null;
  function setChatMuted(message, untilMs) {
    document.querySelectorAll("[data-chat-muted]").forEach((note) => {
      note.textContent = message || "";
      note.hidden = !message;
    });
    document.querySelectorAll("[data-chat-form] input, [data-chat-form] button").forEach((field) => {
      field.disabled = Boolean(message);
    });
    clearTimeout(unmuteTimer);
    if (message && untilMs) unmuteTimer = setTimeout(() => setChatMuted(null, null), Math.max(0, untilMs - Date.now()));
  }
  const loadedMuted = document.querySelector("[data-chat-muted]:not([hidden])");
  if (loadedMuted && loadedMuted.dataset.until) setChatMuted(loadedMuted.textContent, Number(loadedMuted.dataset.until));
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    const input = document.querySelector(button.dataset.copy);
    input.select();
    const label = button.dataset.label || (button.dataset.label = button.textContent);
    const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = label; }, 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => document.execCommand("copy"));
    else { document.execCommand("copy"); done(); }
  });
  // The game's rules at hand: the Rules button opens them over the table (fetched once); without script, or on a
  // failed fetch, the button is an ordinary link to the rules page.
  const rulesDialog = document.querySelector("[data-rules-dialog]");
  if (rulesDialog && rulesDialog.showModal) {
    const rulesBody = rulesDialog.querySelector("[data-rules-body]");
    let rulesLoaded = false;
    document.addEventListener("click", (event) => {
      const open = event.target.closest("[data-rules-open]");
      if (open && !(event.metaKey || event.ctrlKey || event.shiftKey)) {
        event.preventDefault();
        rulesDialog.showModal();
        if (!rulesLoaded) {
          rulesLoaded = true;
          fetch(rulesBody.dataset.src, { credentials: "same-origin" })
            .then((response) => { if (!response.ok) throw new Error(); return response.text(); })
            .then((html) => { rulesBody.innerHTML = html; })
            .catch(() => { rulesLoaded = false; location.href = open.href; });
        }
      } else if (event.target.closest("[data-rules-close]")) rulesDialog.close();
    });
  }
  // Reporting a chat line or a player: a small dialog, sent with fetch, answered in place.
  const dialog = document.querySelector("[data-report-dialog]");
  if (dialog) {
    const form = dialog.querySelector("[data-report-form]");
    const result = dialog.querySelector("[data-report-result]");
    const context = document.querySelector("[data-report-context]");
    document.addEventListener("click", (event) => {
      const target = event.target.closest("[data-report-message], [data-report-user]");
      if (!target) return;
      form.reset();
      result.textContent = "";
      form.elements.message.value = target.dataset.reportMessage || "";
      form.elements.user.value = target.dataset.reportUser || "";
      const line = target.closest("li");
      dialog.querySelector("[data-report-what]").textContent = target.dataset.reportMessage
        ? "Message: " + (line ? line.querySelector(".text").textContent : "")
        : "Player: " + target.dataset.reportUser;
      dialog.showModal();
    });
    dialog.querySelector("[data-report-cancel]").addEventListener("click", () => dialog.close());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      if (context) data.append(context.dataset.reportContext, context.dataset.match || context.dataset.lobby);
      fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
        .then((response) => response.json())
        .then((answer) => { result.textContent = answer.ok ? answer.message : answer.error; if (answer.ok) setTimeout(() => dialog.close(), 900); })
        .catch(() => { result.textContent = "Could not send the report; try again."; });
    });
  }
  // Wherever a signed-in person is on the site, they hear when a match at their own pace needs them.
  function listen(retry) {
    if (!me) return;
    const socket = new WebSocket(window.civitas.socketUrl("/ws/me/"));
    socket.addEventListener("open", () => { retry = 0; });
    socket.addEventListener("message", (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type === "your_turn" && location.pathname !== frame.url) toast(frame.message, frame.url);
      if (frame.type === "removed") toast(frame.message);
      if (frame.type === "muted") { window.civitas.muteChat(frame.message, frame.until_ms); toast(frame.message); }
      if (frame.type === "unmuted") { window.civitas.unmuteChat(); toast(frame.message); }
    });
    socket.addEventListener("close", (event) => {
      if (event.code >= 4400) return;
      setTimeout(() => listen(Math.min(retry + 1, 6)), 500 * Math.pow(2, retry));
    });
  }
  function toast(message, url) {
    const box = document.createElement(url ? "a" : "div");
    box.className = "toast";
    box.textContent = message;
    if (url) box.href = url;
    document.body.append(box);
    setTimeout(() => box.remove(), 8000);
  }
  listen(0);
  window.civitas.fillCsrf(document);
})();
