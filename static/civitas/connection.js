// Whether a page's socket still answers. A socket can stay open while nothing reaches it (the network gone, a
// proxy stalled): its close would come a minute later or never, and the page would go on saying "Live" over an
// old table. So after 1.5 s with nothing heard the page pings (the server answers pong at once); when nothing at
// all comes back 2 s later it says "Reconnecting…" and goes on pinging. If the socket answers again (a short cut:
// the connection survived), the page asks for anything newer than the version it shows; if it stays silent for
// three pings more, the page opens a new socket, whose first frame is the whole table with its version. (A slow
// server only shows the banner for a moment: every page of a loaded server reconnecting at once would make it worse.)
(function () {
  "use strict";
  const civitas = window.civitas;
  const QUIET_MS = 1500; // ping after this long with no frame...
  const ANSWER_MS = 2000; // ...and call the socket away if no frame comes this long after the ping
  const GIVE_UP = 4; // unanswered pings in a row before a new socket is opened
  const DOWN = "Reconnecting…";

  // As civitas.openSocket, with options.status: the element that says "Reconnecting…" (marked "down") while the
  // socket is away. The page's onOpen runs again when a silent socket answers again, as after a new connection.
  civitas.openWatchedSocket = function (path, options) {
    const status = options.status;
    let live = null;
    let timer = null;
    let unanswered = 0;
    let away = false;
    function wait(ms, then) { clearTimeout(timer); timer = setTimeout(then, ms); }
    function down(isDown) { if (status) status.classList.toggle("down", isDown); }
    function ping() { live.send({ type: "ping" }); wait(ANSWER_MS, noAnswer); }
    function noAnswer() {
      unanswered += 1;
      if (!away) {
        away = true;
        if (status) status.textContent = DOWN;
        down(true);
      }
      if (unanswered < GIVE_UP) { ping(); return; }
      unanswered = 0;
      live.restart(); // its open (or its failure, then the helper's own waits) takes over; if neither comes, again
      wait(GIVE_UP * ANSWER_MS, noAnswer);
    }
    function answered() {
      unanswered = 0;
      away = false;
      down(false);
      wait(QUIET_MS, ping);
    }
    function heard() {
      if (!away) { answered(); return; }
      answered(); // the same socket is back: say so, and catch up with what it may have missed meanwhile
      if (options.onOpen) options.onOpen();
      if (options.resync) live.send(options.resync.frame());
    }
    const frames = { pong: () => {} };
    Object.keys(options.frames || {}).forEach((type) => { frames[type] = options.frames[type]; });
    Object.keys(frames).forEach((type) => {
      const handle = frames[type];
      frames[type] = (frame) => { heard(); handle(frame); };
    });
    live = civitas.openSocket(path, Object.assign({}, options, {
      frames: frames,
      onOpen() {
        answered();
        if (options.onOpen) options.onOpen();
      },
      onClose(event) {
        clearTimeout(timer); // the socket helper comes back by itself, with its growing waits
        away = false;
        const again = options.onClose ? options.onClose(event) !== false : true;
        down(again);
        return again;
      },
    }));
    return live;
  };
})();
