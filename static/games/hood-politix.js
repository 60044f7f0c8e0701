// Hood Politix on the phone: the turn and Respect timers, and the finishing order by taps.
// Progressive enhancement: without this file the timers stay hidden and the order is chosen in the lists.
// The timers live in an element the table page's swaps preserve (hx-preserve), so they keep running while
// other phones' changes arrive; nothing here decides a rule.
(function () {
  "use strict";

  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }

  function buzz() {
    if (navigator.vibrate) navigator.vibrate(reducedMotion ? 200 : [200, 100, 200]);
  }

  // -- a countdown on a button: tap (re)starts it; time is shown from a deadline, so it never drifts ----------
  function countdown(button, opts) {
    var seconds = Number(button.dataset.seconds) || 3;
    var figure = button.querySelector("[data-figure]");
    var state = button.querySelector("[data-state]");
    var deadline = 0;
    var ticking = null;

    function show(left, status, label) {
      figure.textContent = opts.decimals ? left.toFixed(1) : String(Math.ceil(left));
      button.dataset.status = status;
      state.textContent = label;
    }
    function tick() {
      var left = Math.max(0, (deadline - performance.now()) / 1000);
      if (left > 0) return show(left, "running", opts.running);
      stop();
      show(0, "up", opts.up);
      opts.announce(opts.up);
      buzz();
    }
    function stop() {
      if (ticking !== null) window.clearInterval(ticking);
      ticking = null;
    }
    function start() {
      stop();
      deadline = performance.now() + seconds * 1000;
      tick();
      ticking = window.setInterval(tick, 100);
    }
    function reset() {
      stop();
      show(seconds, "idle", opts.idle);
    }
    button.addEventListener("click", function () {
      if (opts.toggle && button.dataset.status === "running") reset();
      else start();
    });
    reset();
    return {start: start, reset: reset};
  }

  function initTimers(box) {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";  // shown (hood-politix.css), where the `scripting` media query is not known
    var d = box.dataset;
    var announcer = box.querySelector("[data-announce]");
    function announce(message) { announcer.textContent = message; }
    var turn = countdown(box.querySelector("[data-turn]"), {
      decimals: true, idle: d.tIdle, running: d.tRunning, up: d.tUp, announce: announce
    });
    countdown(box.querySelector("[data-respect]"), {
      decimals: false, toggle: true, idle: d.tRespectIdle, running: d.tRespectRunning, up: d.tRespectUp, announce: announce
    });
    var full = box.querySelector("[data-full]");
    var label = full.querySelector("[data-full-label]");
    full.addEventListener("click", function () {
      var on = !box.classList.contains("is-full");
      box.classList.toggle("is-full", on);
      document.documentElement.classList.toggle("hp-fullscreen", on);
      full.setAttribute("aria-pressed", on ? "true" : "false");
      label.textContent = on ? label.dataset.tOff : label.dataset.tOn;
      if (on) box.querySelector("[data-turn]").focus();
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && box.classList.contains("is-full")) full.click();
    });
    box.hpTurn = turn; // for the browser test and the console
  }

  // -- finishing order: tap the names in the order the players went out -------------------------------------
  function initOrder(form) {
    var places = form.querySelector("[data-hp-places]");
    if (!places || places.dataset.ready) return;
    places.dataset.ready = "1";
    var selects = Array.prototype.slice.call(places.querySelectorAll("select"));
    var line = form.querySelector("[data-hp-order]");
    var names = Array.prototype.slice.call(selects[0].options).filter(function (o) { return o.value !== ""; });
    var pad = document.createElement("div");
    pad.className = "hp-names";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", places.querySelector("legend").textContent);
    var back = document.createElement("button");
    back.type = "button";
    back.className = "hp-back";
    back.textContent = "⌫";
    back.setAttribute("aria-label", form.dataset.tBack || "Back");
    var buttons = names.map(function (option) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "hp-name";
      b.dataset.seat = option.value;
      b.innerHTML = "<span class=\"hp-rank\" aria-hidden=\"true\"></span> <span></span>";
      b.lastChild.textContent = option.textContent;
      b.addEventListener("click", function () { pick(option.value); });
      pad.appendChild(b);
      return b;
    });
    pad.appendChild(back);
    back.addEventListener("click", function () {
      var filled = chosen();
      held = null;
      if (!filled.length) return;
      var last = filled.length === selects.length ? filled.length - 2 : filled.length - 1;
      for (var k = Math.max(0, last); k < selects.length; k++) selects[k].value = "";
      render();
    });
    places.hidden = true;
    places.parentNode.insertBefore(pad, places);

    function chosen() {
      return selects.map(function (s) { return s.value; }).filter(function (v) { return v !== ""; });
    }
    // A name already placed is held by a tap; a tap on another placed name swaps the two (a fix in two taps).
    var held = null;
    function swapWithHeld(seat) {
      if (held === null || held === seat) {
        held = held === seat ? null : seat;
        render();
        return;
      }
      var a = selects.filter(function (s) { return s.value === held; })[0];
      var b = selects.filter(function (s) { return s.value === seat; })[0];
      a.value = seat;
      b.value = held;
      held = null;
      form.dataset.dirty = "1";
      render();
    }
    function pick(seat) {
      var filled = chosen();
      if (filled.indexOf(seat) >= 0) return swapWithHeld(seat);
      if (filled.length >= selects.length - 1) return;
      selects[filled.length].value = seat;
      filled.push(seat);
      if (filled.length === selects.length - 1) {
        var left = names.filter(function (o) { return filled.indexOf(o.value) < 0; })[0];
        selects[selects.length - 1].value = left.value;
      }
      form.dataset.dirty = "1";
      render();
    }
    function render() {
      var filled = chosen();
      buttons.forEach(function (b) {
        var at = filled.indexOf(b.dataset.seat);
        b.querySelector(".hp-rank").textContent = at >= 0 ? String(at + 1) : "";
        b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        b.classList.toggle("is-out", at >= 0);
        b.classList.toggle("is-held", b.dataset.seat === held);
      });
      var done = filled.length === selects.length;
      var nameOf = function (seat) { return names.filter(function (o) { return o.value === seat; })[0].textContent; };
      var parts = filled.map(function (seat, k) { return fill(form.dataset.tPlace, {n: k + 1, name: nameOf(seat)}); });
      if (done) parts.push(fill(form.dataset.tLoser, {name: nameOf(filled[filled.length - 1])}), form.dataset.tSwap);
      else if (filled.length === selects.length - 2) parts.push(form.dataset.tLast);
      else parts.push(fill(form.dataset.tNext, {n: filled.length + 1}));
      line.textContent = parts.join(" · ");
      var save = form.querySelector("[data-save]");
      if (save) save.disabled = !done;
    }
    render();
  }

  // -- the ruling: to the reader's attention when it arrives ---------------------------------------------------
  // It is the entry's next thing ([data-next]): kibitz.js has brought it into view under the write's confirmation.
  function showVerdict(root) {
    var verdict = root.querySelector && root.querySelector("[data-hp-verdict]");
    if (!verdict || verdict.dataset.shown) return;
    verdict.dataset.shown = "1";
    var heading = verdict.querySelector("h2");
    if (heading) heading.focus({preventScroll: true});
  }

  function init(root) {
    var scope = root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-hp-timers]")) initTimers(scope);
    scope.querySelectorAll("[data-hp-timers]").forEach(initTimers);
    scope.querySelectorAll("form.hp-round-form").forEach(initOrder);
  }
  // Only after this phone's own write that landed: a ruling swapped in by the live poll leaves the page where it
  // is, and a refused write leaves it at the reason, beside the entry kept as typed (kibitz.js).
  document.addEventListener("htmx:afterSettle", function (e) {
    var config = e.detail && e.detail.requestConfig, xhr = e.detail && e.detail.xhr;
    if (config && config.verb === "post" && !(xhr && xhr.status >= 400)) showVerdict(document);
  });
  if (window.htmx) window.htmx.onLoad(init);
  else document.addEventListener("DOMContentLoaded", function () { init(document); });
})();
