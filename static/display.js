// The table display (templates/display.html): keeps the screen awake while the page is open, and says when the
// score shown may be old. htmx does the rest (the live poll, its swaps). Without this file the page still updates;
// the screen may then go dark by itself.
(function () {
  "use strict";

  // -- Screen Wake Lock, where the browser has it -------------------------------------------------------------
  // The browser lets go of the lock whenever the page is hidden (another tab, the screen switched off), so it is
  // asked for again each time the page is visible. A refusal (a battery saver, a browser that wants a tap first)
  // is silent: the next tap on the page, or the next time it is shown, asks again.
  var lock = null;
  var asking = false;

  function awake(on) {
    document.documentElement.toggleAttribute("data-awake", on);
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || asking || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      awake(true);
      sentinel.addEventListener("release", function () {
        lock = null;
        awake(false);
      });
    }, function () {
      asking = false;
    });
  }

  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("click", keepAwake);
  keepAwake();

  // -- the connection: a poll that fails leaves the last scores up, marked as maybe old ----------------------
  function offline(on) {
    var note = document.querySelector("[data-offline]");
    if (note) note.hidden = !on;
  }
  document.addEventListener("htmx:sendError", function () { offline(true); });
  document.addEventListener("htmx:responseError", function () { offline(true); });
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail && e.detail.xhr;
    if (xhr && (xhr.status === 304 || (xhr.status >= 200 && xhr.status < 300))) offline(false);
  });
})();
