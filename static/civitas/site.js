// Site-wide helpers: the one websocket helper every page uses, CSRF tokens for pushed forms, chat lines, copy
// buttons, and the personal socket's notices. (The socket helper lives here, not in a file of its own, so that a
// page loads no extra script before its first paint.)

// The websocket helper: connect, hand each JSON frame to the page's {type: handler} table, come back after a
// drop with one backoff, and, if asked, send a sync frame now and then and when the page comes back into view,
// so a frame lost on the way does not leave the page behind until the next change.
(function () {
  "use strict";
  const civitas = window.civitas || (window.civitas = {});
  // The server's close codes (README, "Close codes"); each page decides which of them end its socket for good.
  civitas.CLOSE = { SESSION_ENDED: 4401, REMOVED: 4403, NOT_FOUND: 4404, LOST_ACCESS: 4410, FLOODING: 4429,
    TOO_MANY: 4430 };
  const FIRST_DELAY_MS = 250; // the wait before coming back, doubled after each attempt that did not open...
  const MAX_DOUBLINGS = 5; // ...up to 8 s; an open socket starts again from the first delay

  civitas.socketUrl = function (path) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return scheme + "//" + location.host + path;
  };
  // options: frames {type: handler(frame)} (other types are ignored, as is text that is not JSON);
  // onOpen() after every (re)connection; onClose(event) returns false when the socket must stay closed;
  // resync {frame: () => frame, every: ms}. Answers {send(frame) -> whether it went out, restart()}: restart drops
  // the socket as it is (one that went silent: its close could take a minute to come) and connects a new one now.
  civitas.openSocket = function (path, options) {
    const frames = options.frames || {};
    let socket = null;
    let failures = 0;
    let retry = null;

    function send(frame) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    }
    function receive(event) {
      let frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame && Object.prototype.hasOwnProperty.call(frames, frame.type)) frames[frame.type](frame);
    }
    function connect() {
      const mine = new WebSocket(civitas.socketUrl(path));
      socket = mine;
      // A socket dropped by restart() says nothing more to the page.
      mine.addEventListener("open", () => {
        if (socket !== mine) return;
        failures = 0;
        if (options.onOpen) options.onOpen();
      });
      mine.addEventListener("message", (event) => { if (socket === mine) receive(event); });
      mine.addEventListener("close", (event) => {
        if (socket !== mine) return;
        if (options.onClose && options.onClose(event) === false) return;
        retry = setTimeout(connect, FIRST_DELAY_MS * Math.pow(2, Math.min(failures, MAX_DOUBLINGS)));
        failures += 1;
      });
    }
    function restart() {
      const old = socket;
      clearTimeout(retry);
      connect();
      if (old) old.close();
    }
    if (options.resync) {
      const resync = () => send(options.resync.frame());
      setInterval(resync, options.resync.every);
      document.addEventListener("visibilitychange", () => { if (!document.hidden) resync(); });
    }
    connect();
    return { send: send, restart: restart };
  };
})();

// The rest of the site-wide helpers.
(function () {
  "use strict";
  const token = document.querySelector('meta[name="csrf-token"]');
  const me = (document.querySelector('meta[name="civitas-user"]') || { content: "" }).content;
  const civitas = window.civitas; // made by the socket helper above
  Object.assign(civitas, {
    fillCsrf(root) {
      if (!token) return;
      root.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((input) => {
        if (!input.value) input.value = token.content;
      });
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
      span.dir = "auto";  // isolated, as the page renders it: a right-to-left line cannot reorder what follows
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
  });
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
  // Wherever a signed-in person is on the site, they hear when a match at their own pace needs them. The
  // server's refusals (codes 4400 and up) would come again, so after one the personal socket stays closed.
  if (me) {
    civitas.openSocket("/ws/me/", {
      frames: {
        your_turn(frame) { if (location.pathname !== frame.url) toast(frame.message, frame.url); },
        notices(frame) {
          const badge = document.querySelector("[data-unread]");
          if (!badge) return;
          badge.textContent = frame.unread;
          badge.hidden = !frame.unread;
          badge.closest("a").setAttribute("aria-label", frame.unread ? "Notices: " + frame.unread + " unread" : "Notices");
        },
        removed(frame) { toast(frame.message); },
        muted(frame) { civitas.muteChat(frame.message, frame.until_ms); toast(frame.message); },
        unmuted(frame) { civitas.unmuteChat(); toast(frame.message); },
      },
      onClose: (event) => event.code < 4400,
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
  civitas.fillCsrf(document);
})();

// The header's account menu (a <details>) closes on a tap elsewhere and on Escape, as a menu does.
(function () {
  "use strict";
  const menu = document.querySelector("[data-account-menu]");
  if (!menu) return;
  document.addEventListener("click", (event) => { if (menu.open && !menu.contains(event.target)) menu.open = false; });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); }
  });
})();
