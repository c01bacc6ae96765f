// The lobby page: seats and chat pushed live; everyone moves to the match when the host starts.
(function () {
  "use strict";
  const root = document.querySelector("[data-lobby]");
  if (!root) return;
  const seats = root.querySelector("[data-seats]");
  const conn = root.querySelector("[data-conn]");
  const chatLines = root.querySelector("[data-chat-lines]");
  const chatForm = root.querySelector("[data-chat-form]");
  let socket = null;
  let retry = 0;
  let removed = false;

  // Removed (banned, signed out, or the invite link this browser came by was replaced): say why, stop listening.
  function shut(message) {
    removed = true;
    conn.textContent = message;
    seats.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    if (chatForm) chatForm.remove();
  }
  function connect() {
    socket = new WebSocket(civitas.socketUrl("/ws/lobbies/" + root.dataset.lobby + "/"));
    socket.addEventListener("open", () => { retry = 0; conn.textContent = "Live"; socket.send(JSON.stringify({ type: "sync" })); });
    socket.addEventListener("message", (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type === "lobby") { seats.innerHTML = frame.html; civitas.fillCsrf(seats); }
      else if (frame.type === "started") location.assign(frame.url);
      else if (frame.type === "closed") { conn.textContent = frame.message; seats.querySelectorAll("button").forEach((b) => { b.disabled = true; }); }
      else if (frame.type === "chat") civitas.chatLine(chatLines, frame);
      else if (frame.type === "chat_hidden") civitas.hideChatLine(frame.id);
      else if (frame.type === "removed") shut(frame.message);
      else if (frame.type === "error") conn.textContent = frame.message;
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) { conn.textContent = "This lobby is gone."; return; }
      if (event.code === 4410 && !removed) shut("The invite link was replaced; this lobby is closed to you.");
      if (removed || event.code === 4403 || event.code === 4401) return;
      conn.textContent = "Reconnecting…";
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * Math.pow(2, retry - 1));
    });
  }
  civitas.bindChat(chatForm, (frame) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  });
  connect();
})();
