// Kibitz: small progressive enhancements. Every form still works as a plain post without this file.
// Nothing here decides a rule: it only counts what was typed so the player sees a slip before Save.
(function () {
  "use strict";

  // This phone runs the script: its next table pages may leave closed parts out, fetched when opened
  // (companion/views.py SCRIPT_COOKIE). A phone without script never says so and gets every part.
  document.cookie = "kibitz_script=1; path=/; max-age=31536000; SameSite=Lax";

  // A form's words for the script (data-t-KEY), in the reader's language; the English fallback otherwise.
  function text(form, key, fallback) {
    return form.dataset["t" + key] || fallback;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }

  function button(label, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    return b;
  }

  // What a game's own script (static/games/<slug>.js, loaded after this file) builds on, defined once: the
  // helpers, and `start(fn)`, which runs fn(root) on the page and on every swapped-in part, after the card
  // pickers in it are set up and before a refusal or a confirmation is placed and shown.
  var starts = [];
  window.Kibitz = {text: text, fill: fill, button: button, start: function (fn) { starts.push(fn); }};

  // -- the card picker (templates/cards/picker.html): one seat at a time, then the next ----------------------
  // Without this every seat's cards show at once and the form posts the same. Rules stay on the server: this
  // only keeps a card from being picked more often than it is still there (data-limit, across the seats).
  // A card a seat may hold several of is a count (a number input): a tap on its face is one more, and each card
  // held gets − and + in the seat's strip above the cards. A game's script may say when a seat's play is
  // complete (data-want: that many cards; data-swap: a tap on another card replaces the one held) and in which
  // order the seats play (the picker's data-order, seat numbers); a complete play then moves on to the next seat.
  // It sets them when the picker sends "cp:counted", just before the picker decides where to go.
  function held(input) {
    if (input.type === "number") return Math.max(0, parseInt(input.value, 10) || 0);
    return input.checked ? 1 : 0;
  }
  function heldIn(scope) {
    var n = 0;
    scope.querySelectorAll("input").forEach(function (i) { n += held(i); });
    return n;
  }
  window.Kibitz.held = heldIn;

  // Seats that hold nothing may come empty, sharing one copy of the cards (template[data-cp-cards]): each gets
  // its own, named for the seat (data-field), before anything else looks at the picker. On the board every seat
  // may come empty, the cards in the board's deck of the picker's kind (data-deck: template[data-cp-deck], a part
  // a swap keeps), and what differs from the deck as data: the cards fewer of which are left (data-left) and each
  // seat's picks (data-picks), both "card=count ...". A card none of which is left, and not picked here, is then
  // disabled and named as no longer there (data-t-off), as the server renders it without the script.
  function fillSeats(picker) {
    var own = picker.querySelector("template[data-cp-cards]");
    var cards = own || (picker.dataset.deck &&
      document.querySelector('#decks template[data-cp-deck="' + picker.dataset.deck + '"]'));
    if (!cards) return;
    var left = counts(picker.dataset.left);
    picker.querySelectorAll(".cp-seat[data-field]").forEach(function (seat) {
      var copy = cards.content.cloneNode(true);
      copy.querySelectorAll("input").forEach(function (input) { input.name = seat.dataset.field + input.name; });
      if (!own) deal(copy, left, counts(seat.dataset.picks), picker.dataset.tOff || "{card}");
      seat.append(copy);
      seat.removeAttribute("data-field");
      seat.removeAttribute("data-picks");
    });
    if (own) own.remove();
  }
  function counts(text) {  // "card=count ..." -> {card: count}
    var out = Object.create(null);
    (text || "").split(" ").forEach(function (item) {
      var at = item.lastIndexOf("=");
      if (at > 0) out[item.slice(0, at)] = +item.slice(at + 1);
    });
    return out;
  }
  function deal(copy, left, picks, off) {
    copy.querySelectorAll("[data-value]").forEach(function (card) {
      var value = card.dataset.value, input = card.querySelector("input"), n = picks[value];
      var limit = value in left ? left[value] : -1;  // -1: as in the deck, every copy still there
      if (limit >= 0 && card.dataset.limit) card.dataset.limit = limit;
      if (n) {
        if (input.type === "number") input.setAttribute("value", card.dataset.n = n);
        else input.setAttribute("checked", "");
      } else if (!limit) {
        input.setAttribute("disabled", "");
        card.classList.add("cp-off");
        var hidden = card.querySelector(".visually-hidden"), plain = card.dataset.label || hidden.textContent;
        var named = fill(off, {card: plain});
        hidden.textContent = hidden.textContent.replace(plain, named);
        if (card.dataset.label) card.dataset.label = named;
      }
    });
  }

  function faceOf(card) {  // what a card shows, its note left out: "10♦"
    var face = card.querySelector(".cp-face"), note = face.querySelector(".cp-note");
    return face.textContent.slice(0, face.textContent.length - (note ? note.textContent.length : 0));
  }

  function initCardPicker(picker) {
    if (picker.dataset.ready) return;
    picker.dataset.ready = "1";
    fillSeats(picker);
    picker.classList.add("cp-js");
    var seats = Array.prototype.slice.call(picker.querySelectorAll(".cp-seat"));
    var inputs = Array.prototype.slice.call(picker.querySelectorAll("input"));
    inputs.forEach(function (i) { if (i.disabled) i.dataset.off = "1"; });
    var strips = seats.map(function (seat) {
      if (!seat.querySelector(".cp-counted")) return null;
      var strip = document.createElement("div");
      strip.className = "cp-strip";
      seat.querySelector("legend").after(strip);
      return strip;
    });
    var tabs = null, current = 0;
    if (seats.length > 1) {
      tabs = document.createElement("div");
      tabs.className = "cp-tabs";
      seats.forEach(function (seat, n) {
        var b = button(seat.dataset.name);
        b.addEventListener("click", function () { show(n); });
        tabs.append(b);
      });
      picker.prepend(tabs);
    }
    function picks(seat) {
      return Array.prototype.slice.call(seat.querySelectorAll("input")).filter(function (i) { return held(i) > 0; });
    }
    function room(input) {  // how many of its card this seat may hold now: its own cap, and what the others left
      var most = parseInt(input.max || "1", 10);
      return input.dataset.room ? Math.min(most, parseInt(input.dataset.room, 10)) : most;
    }
    function show(n) {
      current = n;
      seats.forEach(function (seat, k) { seat.hidden = tabs !== null && k !== n; });
      update();
    }
    function limits() {
      if (!picker.hasAttribute("data-exclusive")) return;
      var taken = {};
      inputs.forEach(function (i) {
        var card = i.closest("[data-value]").dataset.value;
        taken[card] = (taken[card] || 0) + held(i);
      });
      inputs.forEach(function (i) {
        if (i.dataset.off) return;
        var card = i.closest("[data-value]");
        var left = parseInt(card.dataset.limit, 10) - taken[card.dataset.value] + held(i);
        if (i.type === "number") i.dataset.room = String(left);
        else if (!i.checked) i.disabled = left <= 0;
      });
    }
    function stepButton(input, by, words, card) {
      var b = button(by > 0 ? "+" : "−", "cp-step");
      b.dataset.step = String(by);
      b.dataset.for = input.name;
      b.setAttribute("aria-label", fill(words, {card: card}));
      b.disabled = by > 0 ? held(input) >= room(input) : held(input) <= 0;
      return b;
    }
    function strip(seat, k) {
      if (!strips[k]) return;
      var items = [];
      seat.querySelectorAll(".cp-counted").forEach(function (card) {
        var input = card.querySelector("input"), n = held(input);
        card.dataset.n = String(n);
        if (!n) return;
        var name = card.dataset.label;
        var item = document.createElement("span"), face = document.createElement("span");
        var count = document.createElement("output");
        item.className = "cp-held " + (card.className.match(/tone-\S+/) || [""])[0];
        face.className = "cp-held-face";
        face.textContent = faceOf(card);
        count.textContent = String(n);
        item.append(face, stepButton(input, -1, picker.dataset.tFewer || "One fewer: {card}", name), count,
          stepButton(input, 1, picker.dataset.tMore || "One more: {card}", name));
        items.push(item);
      });
      strips[k].replaceChildren.apply(strips[k], items);
    }
    function update() {
      limits();
      seats.forEach(strip);
      if (!tabs) return;
      seats.forEach(function (seat, k) {
        var chosen = picks(seat), b = tabs.children[k];
        var shown = chosen.map(function (i) {
          var n = held(i), face = faceOf(i.closest("[data-value]"));
          return n > 1 ? face + "×" + n : face;
        });
        var named = chosen.map(function (i) {
          var card = i.closest("[data-value]");
          if (i.type === "number") return held(i) + " × " + card.dataset.label;
          return i.parentNode.querySelector(".visually-hidden").textContent;
        });
        var empty = picker.closest("[data-t-empty]");  // "Carla: no card yet" where the form says so
        var who = document.createElement("span"), what = document.createElement("span");
        who.className = "cp-tab-name";
        who.textContent = seat.dataset.name;
        what.className = "cp-tab-pick";
        what.textContent = shown.join(" ");
        var parts = [who];
        if (seat.dataset.mark) {  // "leads", where the game marks a seat
          var mark = document.createElement("span");
          mark.className = "cp-tab-mark";
          mark.textContent = seat.dataset.mark;
          parts.push(mark);
        }
        parts.push(what);
        b.replaceChildren.apply(b, parts);
        var title = seat.dataset.name + (seat.dataset.mark ? " (" + seat.dataset.mark + ")" : "");
        b.setAttribute("aria-label", named.length ? title + ": " + named.join(", ")
          : empty ? fill(empty.dataset.tEmpty, {name: seat.dataset.name}) : title);
        b.setAttribute("aria-pressed", String(k === current));
        b.classList.toggle("cp-done", chosen.length > 0);
      });
    }
    // A seat whose play is complete (as the game's script counts it) hands over to the next seat in play order.
    function moveOn(seat) {
      picker.dispatchEvent(new CustomEvent("cp:counted", {bubbles: true}));
      var want = parseInt(seat.dataset.want, 10);
      if (!tabs || !want || heldIn(seat) < want) return;
      var order = (picker.dataset.order || "").split(" ").filter(Boolean).map(Number);
      if (!order.length) order = seats.map(function (s) { return Number(s.dataset.seat); });
      var at = order.indexOf(Number(seat.dataset.seat));
      if (at < 0 || at + 1 >= order.length) return;
      var next = seats.findIndex(function (s) { return Number(s.dataset.seat) === order[at + 1]; });
      if (next >= 0) show(next);
    }
    function clearBut(seat, keep) {
      seat.querySelectorAll("input").forEach(function (i) {
        if (i === keep) return;
        if (i.type === "number") i.value = "0"; else i.checked = false;
      });
    }
    function changed(input) {
      input.dispatchEvent(new Event("change", {bubbles: true}));
    }
    picker.addEventListener("change", function (e) {
      var input = e.target, seat = input.closest && input.closest(".cp-seat");
      // One card per seat: a pick moves on to the next seat that has none.
      if (tabs && input.type === "radio" && input.checked) {
        for (var k = 1; k < seats.length; k++) {
          var next = (current + k) % seats.length;
          if (!picks(seats[next]).length) { show(next); return; }
        }
      }
      if (e.isTrusted && seat && input.type === "checkbox" && input.checked) {
        if (seat.dataset.swap && heldIn(seat) > 1) clearBut(seat, input);
        update();
        moveOn(seat);
        return;
      }
      update();
    });
    picker.addEventListener("click", function (e) {
      var step = e.target.closest("[data-step]");
      if (step) {
        var counted = picker.querySelector('input[name="' + CSS.escape(step.dataset.for) + '"]');
        counted.value = String(Math.min(room(counted), Math.max(0, held(counted) + Number(step.dataset.step))));
        changed(counted);
        return;
      }
      var card = e.target.closest(".cp-counted"), input = card && card.querySelector("input");
      if (!input || e.target === input) return;  // a count typed in (keyboard) stays typed
      e.preventDefault();  // the label would only focus its number input
      if (input.disabled) return;
      var seat = card.closest(".cp-seat");
      if (seat.dataset.swap && heldIn(seat) === 1 && !held(input)) clearBut(seat, input);
      if (held(input) < room(input)) input.value = String(held(input) + 1);
      changed(input);
      moveOn(seat);
    });
    // A required pick missing in a hidden seat: show that seat, so the browser can point at it.
    picker.addEventListener("invalid", function (e) {
      var seat = seats.indexOf(e.target.closest(".cp-seat"));
      if (seat >= 0 && seat !== current) show(seat);
    }, true);
    var first = seats.findIndex(function (seat) { return !picks(seat).length; });
    show(first < 0 ? 0 : first);
  }

  // -- a swap after a write sends only the parts that changed (companion/parts.py) ----------------------------
  // A request aimed at the board names the parts this page holds by their digests (the board's parts and their
  // own parts: a form, a block of log lines); the answer keeps those still the same (an empty stand-in marked
  // hx-preserve: htmx leaves this page's element there). Not named, so sent afresh as before: a part holding the
  // form that sent the request (its key is spent), a form typed in, a refusal, or a part fetched when opened (it
  // was made at its own version, which the part's digest does not know).
  var UNHELD = "form[data-dirty], [data-reason], [data-fetched]";
  document.addEventListener("htmx:configRequest", function (e) {
    var board = e.detail.target;
    if (!board || board.id !== "board") return;
    if (!board.kibitzGuarded) {  // its answer's events reach only it once it is out of the page: listen there
      board.kibitzGuarded = true;
      board.addEventListener("htmx:beforeSwap", notIntoAGoneBoard);
    }
    var held = [];
    board.querySelectorAll("[data-digest][id]").forEach(function (part) {
      if (part.contains(e.detail.elt) || part.matches(UNHELD) || part.querySelector(UNHELD)) return;
      held.push(part.id + "=" + part.dataset.digest);
    });
    if (held.length) e.detail.headers["X-Kibitz-Parts"] = held.join(" ");
  });
  // An answer aimed at a board that another answer has replaced meanwhile (two requests in flight) is not swapped:
  // it would land in no page, and the parts it keeps would be taken out of this one. The live update shows it.
  function notIntoAGoneBoard(e) {
    if (e.detail.target && !e.detail.target.isConnected) e.detail.shouldSwap = false;
  }
  document.addEventListener("htmx:beforeSwap", notIntoAGoneBoard);
  // A kept part's forms were made at the version before: made again, they would carry the board's new one.
  document.addEventListener("htmx:afterSwap", function (e) {
    var config = e.detail.requestConfig, board = document.getElementById("board");
    if (!board || !config || !config.target || config.target.id !== "board") return;
    board.querySelectorAll("input[name=version]").forEach(function (input) { input.value = board.dataset.version; });
  });

  // -- live refresh: never throw away what the scorer is typing -------------------------------------
  // A form the player has touched is "dirty"; a live update then leaves the entry panel alone and says
  // so. Its hidden version is now old, so Save gets the new state back and asks to confirm (409).
  document.addEventListener("input", markDirty);
  document.addEventListener("change", markDirty);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("#entry button[type=button]")) markDirty(e);
  });
  function markDirty(e) {
    var form = e.target.closest && e.target.closest("#entry form");
    if (form) form.dataset.dirty = "1";
  }
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var target = e.detail.target;
    if (target.id !== "entry" || !target.querySelector("form[data-dirty]")) return;
    e.preventDefault();
    var note = target.querySelector("[data-changed]");
    if (!note) {
      note = document.createElement("p");
      note.className = "error";
      note.dataset.changed = "1";
      note.textContent = target.dataset.changedText || "The table changed while you were typing: check the scoreboard, then save.";
      target.prepend(note);
    }
  });

  // -- a refused write: the entry kept as typed, open and in view, the reason beside it (issue 16) ---------------
  // The server answers a refused write (400, 403, 409) with the entry filled in as it was sent and the reason
  // ([data-reason]: the address and the fields the write sent). The reason goes just above the form it refuses,
  // the sections around that form open, and both come into view once the swap has settled (after any other
  // scrolling). The form counts as typed in, so a live update leaves it alone. A stale write's answer
  // ([data-conflict]) also offers "Record mine as well", the write resent as it was: once the refused form is
  // changed, that copy no longer says what is typed, so it goes and the form's own Save sends the change.
  var SENT_BY_EVERY_FORM = ["csrfmiddlewaretoken", "version", "key"];
  var refusalToShow = null;
  function sends(form, url) {
    if (form.getAttribute("action") === url) return true;
    return Array.prototype.some.call(form.querySelectorAll("[formaction]"), function (b) {
      return b.getAttribute("formaction") === url;
    });
  }
  function refusedForm(reason) {
    var url = reason.dataset.for;
    var fields = (reason.dataset.fields || "").split(" ").filter(function (name) {
      return name && SENT_BY_EVERY_FORM.indexOf(name) < 0;
    });
    var forms = document.querySelectorAll("main form");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      if (reason.contains(form) || !sends(form, url)) continue;
      var all = fields.every(function (name) {
        return Array.prototype.some.call(form.elements, function (el) { return el.name === name; });
      });
      if (all) return form;
    }
    return null;
  }
  function placeRefusal(root) {
    var reason = root.matches && root.matches("[data-reason]") ? root : root.querySelector("[data-reason]");
    if (!reason || reason.dataset.placed) return null;
    reason.dataset.placed = "1";
    var form = refusedForm(reason);
    var mine = reason.querySelector("form[data-mine]");
    if (mine) mine.dataset.dirty = "1";
    if (form && !form.closest(".bar")) {  // Undo and Redo sit in the bar: their answer stays in the page
      form.parentNode.insertBefore(reason, form);
      form.dataset.dirty = "1";
      for (var up = form.parentElement; up; up = up.parentElement) if (up.tagName === "DETAILS") up.open = true;
      if (mine) {
        form.addEventListener("input", function (e) { if (e.isTrusted) dropMine(reason); });
        form.addEventListener("change", function (e) { if (e.isTrusted) dropMine(reason); });
        form.addEventListener("click", function (e) {
          if (e.isTrusted && e.target.closest("button[type=button]")) dropMine(reason);
        });
      }
    }
    return reason;
  }
  function dropMine(reason) {
    var mine = reason.querySelector("form[data-mine]");
    if (mine) mine.remove();
  }
  function showRefusal(reason) {
    if (!reason || !document.body.contains(reason)) return;
    reason.scrollIntoView({block: "start"});
  }
  // The round notes sit outside the entry panel: a live update leaves them alone too while typed in or refused.
  document.addEventListener("input", function (e) {
    var form = e.target.closest && e.target.closest("#past form");
    if (form) form.dataset.dirty = "1";
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var target = e.detail.target;
    if (target.id === "past" && target.querySelector("form[data-dirty], [data-reason]")) e.preventDefault();
  });
  function refusals(root) {
    var reason = placeRefusal(root);
    if (!reason) return;
    if (root === document.body || root === document) showRefusal(reason);  // a page loaded with it (a plain post)
    else refusalToShow = reason;  // a swap: once it has settled, after any other scrolling
  }
  document.addEventListener("htmx:afterSettle", function () {
    showRefusal(refusalToShow);
    refusalToShow = null;
  });

  // -- connection state: the service worker, and static/offline.js when the connection first fails ------------
  // offline.js (the banner's words, the entries kept on this phone until the connection is back) is no part of a
  // first load: it comes when this page is the worker's copy (body[data-offline]), when entries wait here, or
  // when a request finds no network; a write that failed before it came waits for it in Kibitz.lost. The worker
  // keeps it, so it loads without signal too (the worker also keeps the table page afresh after changes).
  var banner = document.querySelector(".offline"), fetched = false;
  window.Kibitz.lost = [];
  function withOffline() {
    if (fetched || !banner) return;
    fetched = true;
    var script = document.createElement("script");
    script.src = banner.dataset.script;
    script.onerror = function () { fetched = false; script.remove(); };  // no signal, no worker yet: once back
    document.head.append(script);
  }
  function said(online) {  // the banner until offline.js has it (or when it could not come: no worker yet)
    if (!window.Kibitz.offline && banner) banner.hidden = online;
    if (online && window.Kibitz.lost.length) withOffline();
  }
  function waiting() {
    try { return window.localStorage.getItem("kibitz.unsent." + location.pathname); } catch (e) { return null; }
  }
  document.addEventListener("htmx:sendError", function (e) {
    if (window.Kibitz.offline || !banner) return;  // offline.js has it from here
    said(false);
    window.Kibitz.lost.push(e.detail.requestConfig);
    withOffline();
  });
  window.addEventListener("offline", function () { said(false); withOffline(); });
  window.addEventListener("online", function () { said(true); });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.xhr && e.detail.xhr.status) said(true);
  });
  if (navigator.serviceWorker && banner) {
    navigator.serviceWorker.register(banner.dataset.worker).catch(function () { /* none: the page as before */ });
    // The worker keeps a table's copy afresh after changes a few seconds late; told the page goes out of sight
    // (the phone locked, another app, a reload), it does so at once.
    document.addEventListener("visibilitychange", function () { if (document.hidden) hiding(); });
    window.addEventListener("pagehide", hiding);
  }
  function hiding() {
    if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("hidden");
  }
  if (document.body.hasAttribute("data-offline") || waiting()) withOffline();

  // -- after a write: the line that says what changed, the totals above it and the next control, in view ---------
  // The board comes back where the form was, often far below the scoreboard. Every write ends with the totals,
  // the confirmation line under them and the entry's next control ([data-next]: what the prompt asks for next)
  // on screen above the bar: the highest of the scoreboard's top, the totals and the line that still leaves room
  // for the next control's first row goes to the top. A write that left all of them in view scrolls nothing.
  var NEXT_ROW = 56;  // of the next control, at least its first thumb-sized row shows
  function showConfirm(root) {
    var line = root.querySelector("#scoreboard [data-confirm]");
    if (!line || line.dataset.shown) return;
    line.dataset.shown = "1";
    var board = document.getElementById("scoreboard");
    var totals = board.querySelector("tfoot") || line;
    var next = document.querySelector("#entry [data-next]");
    var bar = document.getElementById("actions");
    var room = window.innerHeight - (bar ? bar.offsetHeight : 0);
    var shown = line.getBoundingClientRect();
    var bottom = shown.bottom;
    if (next) {
      var box = next.getBoundingClientRect();
      bottom = Math.max(bottom, box.top + Math.min(box.height, NEXT_ROW));
    }
    // From the highest down: the scoreboard, its totals, a pending penalty's row (when the totals cannot stay in
    // view with the rest, what is pending still does), the confirmation itself.
    var pending = board.querySelector("tr[data-pending]");
    var marks = [board, totals].concat(pending ? [pending] : [], [line]);
    var tops = marks.map(function (el) { return el.getBoundingClientRect().top; });
    if (tops[1] >= 0 && bottom <= room) return;  // already in view
    var top = tops.find(function (t) { return bottom - t <= room - 8; });
    window.scrollBy(0, (top === undefined ? tops[tops.length - 1] : top) - 4);
  }

  // -- the game's state panel: folded or open as this phone last left it, per game -----------------------------
  function remembered(root) {
    var all = root.querySelectorAll("details[data-remember]");
    if (root.matches && root.matches("details[data-remember]")) all = [root];
    Array.prototype.forEach.call(all, function (details) {
      var key = "kibitz." + details.dataset.remember, stored = null;
      try { stored = window.localStorage.getItem(key); } catch (e) { return; }  // storage off: as rendered
      if (stored) details.open = stored === "open";
      details.addEventListener("toggle", function () {
        try { window.localStorage.setItem(key, details.open ? "open" : "closed"); } catch (e) { /* not kept */ }
      });
    });
  }

  // -- Check plays: the findings in a sheet; its heading takes the focus, Close or Escape puts it away -----------
  function showSheet(root) {
    var sheet = root.matches && root.matches("[data-sheet]") ? root : root.querySelector("[data-sheet]");
    if (!sheet || sheet.dataset.shown) return;
    sheet.dataset.shown = "1";
    var heading = sheet.querySelector("h2");
    if (heading) heading.focus({preventScroll: true});
  }
  function closeSheet() {
    var sheet = document.querySelector("[data-sheet]");
    if (!sheet) return false;
    var empty = document.createElement("section");
    empty.id = "flags";
    empty.className = "flags";
    sheet.replaceWith(empty);
    var check = document.querySelector("[data-check-plays]");
    if (check) check.focus();
    return true;
  }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-sheet] [data-close]") && closeSheet()) e.preventDefault();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") closeSheet();
  });

  // -- an answer the page cannot show (a server error, a table gone): say so, in debug mode and out of it --------
  document.addEventListener("htmx:responseError", function (e) {
    var note = document.querySelector("[data-failed]");
    if (!note) return;
    note.textContent = fill(note.dataset.text, {status: e.detail.xhr ? e.detail.xhr.status : "?"});
    note.hidden = false;
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var note = document.querySelector("[data-failed]");
    if (note && e.detail.successful) note.hidden = true;
  });

  // -- a busy database (503: nothing was stored): the sentence by the form, the same form sent again ----------
  // base.html does not swap a 503, so the form keeps what was typed and its idempotency key (a resend lands
  // once). The answer's sentence goes by the form (a form in the bottom bar: at the top of the screen); the form
  // is sent again after Retry-After, at most data-tries times, saying so each time; then the player sends it.
  // Sending it by hand meanwhile drops the timer; any other answer takes the sentence away.
  var busyTimers = [];
  function busyTimer(form, timer) {
    busyTimers = busyTimers.filter(function (t) {
      if (t.form !== form) return true;
      clearTimeout(t.timer);
      return false;
    });
    if (timer) busyTimers.push({form: form, timer: timer});
  }
  function busyNote(form, create) {
    var bar = form.closest("#actions");
    var note = bar ? document.querySelector("p.failed-note[data-busy-note]") : form.previousElementSibling;
    if (note && note.hasAttribute("data-busy-note")) return note;
    if (!create) return null;
    note = document.createElement("p");
    note.setAttribute("role", "status");
    note.dataset.busyNote = "1";
    if (bar) {
      note.className = "failed-note";
      document.querySelector("main").before(note);
    } else {
      note.className = "error";
      form.before(note);
    }
    return note;
  }
  function sendAgain(form) {
    busyTimers = busyTimers.filter(function (t) { return t.form !== form; });
    if (!document.body.contains(form) || form.classList.contains("htmx-request")) return;
    window.htmx.trigger(form, "submit");  // same form, same key
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.elt && e.detail.elt.tagName === "FORM") busyTimer(e.detail.elt, null);
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    // The form that sent it (detail.elt is an ancestor still in the page when a swap took the form away).
    var config = e.detail.requestConfig, form = config ? config.elt : null, xhr = e.detail.xhr;
    if (!form || form.tagName !== "FORM" || !xhr || !xhr.status || config.verb !== "post") return;
    var answer = xhr.status === 503 ? new DOMParser().parseFromString(xhr.responseText, "text/html") : null;
    answer = answer && answer.querySelector("[data-busy][data-tries]");
    var note = busyNote(form, answer !== null);
    if (!answer) {  // any other answer; or a 503 not from Kibitz (a proxy's): said as any failure is
      if (note) note.remove();
      delete form.dataset.busyTries;
      var failed = document.querySelector("[data-failed]");
      if (xhr.status === 503 && failed) {
        failed.textContent = fill(failed.dataset.text, {status: 503});
        failed.hidden = false;
      }
      return;
    }
    var tries = (parseInt(form.dataset.busyTries, 10) || 0) + 1;
    var most = parseInt(answer.dataset.tries, 10) || 0;
    var wait = parseInt(xhr.getResponseHeader("Retry-After"), 10) || 3;
    if (tries > most) {
      note.textContent = answer.dataset.tGaveUp;
      delete form.dataset.busyTries;
    } else {
      form.dataset.busyTries = String(tries);
      note.textContent = tries === 1 ? answer.textContent : fill(answer.dataset.tAgain, {n: wait, "try": tries, tries: most});
      busyTimer(form, setTimeout(function () { sendAgain(form); }, wait * 1000));
    }
    note.scrollIntoView({block: "nearest"});
  });

  // -- notes: a count in words near the limit, Save stopped over it ------------------------------------------
  // No maxlength (it cuts a paste without a word); the server refuses a longer note and sends it back as typed.
  // Counted as the server counts: code points of the trimmed text, a line break as one.
  function initNote(area) {
    if (area.dataset.ready) return;
    area.dataset.ready = "1";
    var form = area.form, limit = parseInt(area.dataset.noteLimit, 10);
    if (!form || !limit) return;
    var save = form.querySelector("button[type=submit]");
    var out = document.createElement("output");
    out.className = "note-count muted";
    out.id = area.id + "-count";
    out.setAttribute("aria-live", "polite");
    area.after(out);
    area.setAttribute("aria-describedby", ((area.getAttribute("aria-describedby") || "") + " " + out.id).trim());
    function update() {
      var n = Array.from(area.value.trim()).length, over = n > limit;
      out.hidden = n < limit - Math.ceil(limit / 10);  // shown from 90% of the limit
      out.textContent = over
        ? fill(text(form, "Over", "Too long: {count} characters; a note holds at most {max}."), {count: n, max: limit})
        : fill(text(form, "Left", "Characters left: {n}"), {n: limit - n});
      out.classList.toggle("error", over);
      out.classList.toggle("muted", !over);
      if (save) save.disabled = over;
    }
    area.addEventListener("input", update);
    update();
  }

  function frame(root) {
    showConfirm(root);
    showSheet(root);
    refusals(root);
  }

  function init(root) {
    // A closed part fetched when opened (templates/lazy_part.html) is current as of that fetch only: the part
    // around it is then never named as held, so a later swap brings it again.
    if (root.matches && root.matches("[data-part]")) root.dataset.fetched = "1";
    root.querySelectorAll("[data-card-picker]").forEach(initCardPicker);
    starts.forEach(function (fn) { fn(root); });
    root.querySelectorAll("textarea[data-note-limit]").forEach(initNote);
    remembered(root);
  }
  if (window.htmx) { window.htmx.onLoad(init); window.htmx.onLoad(frame); }
  else document.addEventListener("DOMContentLoaded", function () { init(document); frame(document); });
})();
