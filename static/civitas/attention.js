// Your turn, even in another tab. When the table comes to say "Your turn" while this tab is hidden, the title
// reads "● Your turn · Stone Age #2", the favicon carries a mark, a short tone plays (a setting, on by default,
// remembered in this browser) and, if the player asked for it with a click (never asked on load), a browser
// notification shows. All of it is cleared when the tab is seen again, or when the turn passes before that.
// The table says whose turn it is (.status.yours); match.js tells when it was drawn again ("civitas:table").
(function () {
  "use strict";
  const box = document.querySelector("[data-turn-alerts]");
  const table = document.getElementById("table");
  if (!box || !table) return;
  const SOUND = "civitas.turnSound"; // "off" once the player turned the tone off
  const NOTIFY = "civitas.turnNotify"; // "on" once the player asked for notifications
  const soundButton = box.querySelector("[data-turn-sound]");
  const notifyButton = box.querySelector("[data-turn-notify]");
  const canNotify = "Notification" in window;
  const icon = document.querySelector('link[rel="icon"]');
  const plainIcon = icon ? icon.getAttribute("href") : null;
  const plainTitle = document.title;
  let yours = !!table.querySelector(".status.yours");
  let marked = false;
  let shown = null; // the notification on screen
  let audio = null;

  function read(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function write(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* private mode: not kept */ } }
  function soundOn() { return read(SOUND) !== "off"; }
  function notifyOn() { return canNotify && read(NOTIFY) === "on" && Notification.permission === "granted"; }
  function showSettings() {
    soundButton.setAttribute("aria-pressed", String(soundOn()));
    notifyButton.hidden = !canNotify;
    notifyButton.setAttribute("aria-pressed", String(notifyOn()));
  }
  function say(text) {
    const flash = document.querySelector("[data-flash]");
    if (!flash) return;
    flash.textContent = text;
    flash.hidden = !text;
  }

  // The tone: two short notes made by Web Audio (no sound file). A browser lets a page sound only after the
  // player touched it, so the audio is made ready at the player's first click or key on the page.
  function audioReady() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }
  function tone() {
    const ctx = audioReady();
    if (!ctx) return;
    [[660, 0], [880, 0.16]].forEach(([pitch, after]) => {
      const at = ctx.currentTime + after;
      const note = ctx.createOscillator();
      const gain = ctx.createGain();
      note.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      note.connect(gain).connect(ctx.destination);
      note.start(at);
      note.stop(at + 0.32);
    });
  }
  function firstTouch() {
    audioReady();
    document.removeEventListener("pointerdown", firstTouch, true);
    document.removeEventListener("keydown", firstTouch, true);
  }
  document.addEventListener("pointerdown", firstTouch, true);
  document.addEventListener("keydown", firstTouch, true);

  function mark() {
    marked = true;
    document.title = "● Your turn · " + box.dataset.title;
    if (icon) icon.setAttribute("href", box.dataset.faviconTurn);
    if (soundOn()) tone();
    if (notifyOn()) {
      const status = table.querySelector(".status.yours");
      shown = new Notification("Your turn · " + box.dataset.title, {
        body: status ? status.textContent.replace(/\s+/g, " ").trim() : "Your turn",
        tag: "civitas-turn-" + box.dataset.title,
      });
      shown.onclick = () => { window.focus(); };
    }
  }
  function clear() {
    if (!marked) return;
    marked = false;
    document.title = plainTitle;
    if (icon) icon.setAttribute("href", plainIcon);
    if (shown) { shown.close(); shown = null; }
  }

  table.addEventListener("civitas:table", () => {
    const now = !!table.querySelector(".status.yours");
    if (now && !yours && document.hidden) mark();
    else if (!now) clear();
    yours = now;
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) clear(); });

  soundButton.addEventListener("click", () => {
    write(SOUND, soundOn() ? "off" : "on");
    showSettings();
    if (soundOn()) tone(); // what the player will hear
  });
  notifyButton.addEventListener("click", () => {
    if (notifyOn()) { write(NOTIFY, "off"); showSettings(); return; }
    if (Notification.permission === "denied") {
      say("This browser blocks notifications from this site: allow them in its site settings, then click again.");
      return;
    }
    // Asked only here, on the player's click. (Older browsers answer through a callback, newer ones a promise.)
    new Promise((answer) => {
      const asked = Notification.requestPermission(answer);
      if (asked) asked.then(answer);
    }).then((permission) => {
      write(NOTIFY, permission === "granted" ? "on" : "off");
      showSettings();
      if (permission !== "granted") say("Notifications stay off: the browser was not allowed to show them.");
    });
  });
  showSettings();
})();
