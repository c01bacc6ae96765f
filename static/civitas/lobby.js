// The lobby page: seats and chat pushed live; everyone moves to the match when the host starts.
(function () {
  "use strict";
  const root = document.querySelector("[data-lobby]");
  if (!root) return;
  const seats = root.querySelector("[data-seats]");
  const conn = root.querySelector("[data-conn]");
  const chatLines = root.querySelector("[data-chat-lines]");
  const chatForm = root.querySelector("[data-chat-form]");
  let removed = false;

  // Removed (banned, signed out, or the invite link this browser came by was replaced): say why, stop listening.
  function shut(message) {
    removed = true;
    conn.textContent = message;
    seats.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    if (chatForm) chatForm.remove();
  }
  const live = civitas.openSocket("/ws/lobbies/" + root.dataset.lobby + "/", {
    frames: {
      lobby(frame) { seats.innerHTML = frame.html; civitas.fillCsrf(seats); },
      started(frame) { location.assign(frame.url); },
      closed(frame) { conn.textContent = frame.message; seats.querySelectorAll("button").forEach((b) => { b.disabled = true; }); },
      chat(frame) { civitas.chatLine(chatLines, frame); },
      chat_hidden(frame) { civitas.hideChatLine(frame.id); },
      removed(frame) { shut(frame.message); },
      error(frame) { conn.textContent = frame.message; },
    },
    onOpen() { conn.textContent = "Live"; live.send({ type: "sync" }); },
    onClose(event) {
      const CLOSE = civitas.CLOSE;
      if (event.code === CLOSE.NOT_FOUND) { conn.textContent = "This lobby is gone."; return false; }
      if (event.code === CLOSE.LOST_ACCESS && !removed) shut("The invite link was replaced; this lobby is closed to you.");
      if (removed || event.code === CLOSE.REMOVED || event.code === CLOSE.SESSION_ENDED) return false;
      conn.textContent = "Reconnecting…";
      return true;
    },
  });
  civitas.bindChat(chatForm, live.send);
})();
