// Site-wide helpers: CSRF tokens for pushed forms, copy buttons, and the websocket URL of a page.
(function () {
  "use strict";
  const token = document.querySelector('meta[name="csrf-token"]');
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
    chatLine(list, name, text) {
      const li = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = name;
      li.append(b, " ", text);
      list.append(li);
      list.scrollTop = list.scrollHeight;
    },
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    const input = document.querySelector(button.dataset.copy);
    input.select();
    const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = "Copy link"; }, 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => document.execCommand("copy"));
    else { document.execCommand("copy"); done(); }
  });
  window.civitas.fillCsrf(document);
})();
