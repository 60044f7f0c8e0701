// Kibitz: small progressive enhancements. Every form still works as a plain post without this file.
// Nothing here decides a rule: it only counts what was typed so the player sees a slip before Save.
(function () {
  "use strict";

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

  // -- quick hand: steppers, "the rest", live "13 of 13" check ------------------------------------
  function initQuick(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var total = parseInt(form.dataset.hearts, 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".stepper input[type=number]"));
    inputs.forEach(function (input) {
      var row = input.closest(".stepper");
      input.type = "hidden";
      var controls = document.createElement("div");
      controls.className = "controls";
      var minus = button("−"), plus = button("+"), value = button(input.value, "value"), rest = button(text(form, "Rest", "rest"), "rest");
      minus.setAttribute("aria-label", "−1 " + row.querySelector(".name").textContent);
      plus.setAttribute("aria-label", "+1 " + row.querySelector(".name").textContent);
      value.setAttribute("aria-expanded", "false");
      controls.append(minus, value, plus, rest);
      row.append(controls);
      var grid = document.createElement("div");
      grid.className = "grid";
      grid.hidden = true;
      for (var n = 0; n <= total; n++) {
        (function (k) {
          var b = button(String(k));
          b.addEventListener("click", function () { set(k); grid.hidden = true; value.setAttribute("aria-expanded", "false"); });
          grid.append(b);
        })(n);
      }
      row.append(grid);
      function set(k) {
        input.value = String(Math.max(0, Math.min(total, k)));
        value.textContent = input.value;
        update();
      }
      minus.addEventListener("click", function () { set(parseInt(input.value, 10) - 1); });
      plus.addEventListener("click", function () { set(parseInt(input.value, 10) + 1); });
      value.addEventListener("click", function () {
        grid.hidden = !grid.hidden;
        value.setAttribute("aria-expanded", String(!grid.hidden));
      });
      rest.addEventListener("click", function () { set(total - sum() + parseInt(input.value, 10)); });
    });
    function sum() {
      return inputs.reduce(function (acc, i) { return acc + (parseInt(i.value, 10) || 0); }, 0);
    }
    function checked(name) {
      var el = form.querySelector("input[name='" + name + "']:checked");
      return el ? el.value : null;
    }
    function shooter() {
      var ladies = parseInt(form.dataset.ladies, 10);
      for (var s = 0; s < inputs.length; s++) {
        if (parseInt(inputs[s].value, 10) !== total) continue;
        var all = true;
        for (var k = 0; k < ladies; k++) if (checked("lady-" + k) !== String(s)) all = false;
        if (all) return s;
      }
      return null;
    }
    function update() {
      var got = sum(), msg = form.querySelector("[data-check]"), save = form.querySelector("[data-save]");
      var problems = [];
      if (got !== total) problems.push(fill(text(form, "Hearts", "{got} of {total} hearts"), {got: got, total: total}));
      var groups = {};
      form.querySelectorAll("fieldset.lady input, fieldset.bonus input").forEach(function (i) { groups[i.name] = i.closest("fieldset"); });
      Object.keys(groups).forEach(function (name) {
        if (checked(name) === null) problems.push(groups[name].querySelector("legend").textContent);
      });
      var moon = form.querySelector("[data-moon-choice]");
      if (moon) {
        var shot = shooter() !== null;
        moon.hidden = !shot;
        if (!shot) moon.querySelectorAll("input").forEach(function (i) { i.checked = false; });
        else if (checked("moon") === null) problems.push(moon.querySelector("legend").textContent);
      }
      msg.textContent = problems.length ? problems.join(" · ") : fill(text(form, "Ready", "{total} of {total} hearts ✓"), {total: total});
      msg.className = "check " + (problems.length ? "bad" : "good");
      save.disabled = problems.length > 0;
    }
    form.addEventListener("change", update);
    update();
  }

  // -- a trick: tap cards in play order ---------------------------------------------------------------
  function initTrick(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-slot]"));
    var picker = form.querySelector(".picker");
    picker.hidden = false;
    var slots = selects.map(function (select) {
      select.hidden = true;
      var b = button("—", "slot-card");
      select.after(b);
      b.addEventListener("click", function () { select.value = ""; update(); });
      return b;
    });
    picker.querySelectorAll("[data-card]").forEach(function (card) {
      card.addEventListener("click", function () {
        var free = selects.find(function (s) { return !s.value; });
        if (!free || card.classList.contains("used")) return;
        free.value = card.dataset.card;
        update();
      });
    });
    function order() {
      var radios = Array.prototype.slice.call(form.querySelectorAll("input[name=leader]"));
      var start = radios.findIndex(function (r) { return r.checked; });
      if (start < 0) return null;
      return radios.slice(start).concat(radios.slice(0, start)).map(function (r) { return r.dataset.name; });
    }
    function update() {
      var names = order(), used = selects.map(function (s) { return s.value; });
      var next = used.indexOf("");
      selects.forEach(function (s, i) {
        var label = form.querySelector("[data-slot-name='" + i + "']");
        label.textContent = names ? names[i] : "?";
        var opt = s.selectedOptions[0];
        slots[i].textContent = s.value ? opt.textContent : "—";
        slots[i].className = "slot-card" + (s.value ? " s-" + s.value.slice(-1) : "") + (i === next ? " next" : "");
      });
      picker.querySelectorAll("[data-card]").forEach(function (c) {
        c.classList.toggle("used", used.indexOf(c.dataset.card) >= 0);
      });
      var turn = form.querySelector("[data-turn]");
      if (!names) turn.textContent = text(form, "Leader", "Who led?");
      else if (next >= 0) turn.textContent = fill(text(form, "Plays", "{name} plays"), {name: names[next]});
      else turn.textContent = text(form, "Complete", "Trick complete");
      form.querySelector("[data-save]").disabled = !names || next >= 0;
    }
    form.addEventListener("change", update);
    update();
  }

  // -- the card picker (templates/cards/picker.html): one seat at a time, then the next ----------------------
  // Without this every seat's cards show at once and the form posts the same. Rules stay on the server: this
  // only keeps a card from being picked more often than it is still there (data-limit, across the seats).
  function initCardPicker(picker) {
    if (picker.dataset.ready) return;
    picker.dataset.ready = "1";
    var seats = Array.prototype.slice.call(picker.querySelectorAll(".cp-seat"));
    var inputs = Array.prototype.slice.call(picker.querySelectorAll("input"));
    inputs.forEach(function (i) { if (i.disabled) i.dataset.off = "1"; });
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
      return Array.prototype.slice.call(seat.querySelectorAll("input:checked"));
    }
    function show(n) {
      current = n;
      seats.forEach(function (seat, k) { seat.hidden = tabs !== null && k !== n; });
      update();
    }
    function update() {
      if (picker.hasAttribute("data-exclusive")) {
        var taken = {};
        inputs.forEach(function (i) { if (i.checked) taken[i.value] = (taken[i.value] || 0) + 1; });
        inputs.forEach(function (i) {
          if (i.dataset.off || i.checked) return;
          var limit = parseInt(i.closest("[data-limit]").dataset.limit, 10);
          i.disabled = (taken[i.value] || 0) >= limit;
        });
      }
      if (!tabs) return;
      seats.forEach(function (seat, k) {
        var chosen = picks(seat), b = tabs.children[k];
        var shown = chosen.map(function (i) { return i.closest("[data-show]").dataset.show; });
        var named = chosen.map(function (i) { return i.parentNode.querySelector(".visually-hidden").textContent; });
        b.textContent = seat.dataset.name + (shown.length ? ": " + shown.join(" ") : "");
        b.setAttribute("aria-label", seat.dataset.name + (named.length ? ": " + named.join(", ") : ""));
        b.setAttribute("aria-pressed", String(k === current));
        b.classList.toggle("cp-done", chosen.length > 0);
      });
    }
    picker.addEventListener("change", function (e) {
      // One card per seat: a pick moves on to the next seat that has none.
      if (tabs && e.target.type === "radio" && e.target.checked) {
        for (var k = 1; k < seats.length; k++) {
          var next = (current + k) % seats.length;
          if (!picks(seats[next]).length) { show(next); return; }
        }
      }
      update();
    });
    // A required pick missing in a hidden seat: show that seat, so the browser can point at it.
    picker.addEventListener("invalid", function (e) {
      var seat = seats.indexOf(e.target.closest(".cp-seat"));
      if (seat >= 0 && seat !== current) show(seat);
    }, true);
    // A card of which a seat may pick several: a tap on its face takes one more, past the last none again.
    picker.querySelectorAll(".cp-multi .cp-face").forEach(function (face) {
      face.addEventListener("click", function () {
        var boxes = Array.prototype.slice.call(face.parentNode.querySelectorAll("input"));
        var free = boxes.find(function (i) { return !i.checked && !i.disabled; });
        if (free) free.checked = true;
        else boxes.forEach(function (i) { i.checked = false; });
        picker.dispatchEvent(new Event("change", {bubbles: true}));
      });
    });
    var first = seats.findIndex(function (seat) { return !picks(seat).length; });
    show(first < 0 ? 0 : first);
  }

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

  // -- connection state: say so, keep the form, send it again when the phone is back online --------------
  var unsent = [];
  function online(isOnline) {
    var banner = document.querySelector(".offline");
    if (banner) banner.hidden = isOnline;
  }
  function resend() {
    var forms = unsent;
    unsent = [];
    forms.forEach(function (form) {
      // Same form, same idempotency key: if the first try did land, the server records it once.
      if (document.body.contains(form)) window.htmx.trigger(form, "submit");
    });
  }
  window.addEventListener("offline", function () { online(false); });
  window.addEventListener("online", function () { online(true); resend(); });
  document.addEventListener("htmx:sendError", function (e) {
    online(false);
    var form = e.detail.elt.closest ? e.detail.elt.closest("form") : null;
    if (form && unsent.indexOf(form) < 0) unsent.push(form);
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!e.detail.xhr || !e.detail.xhr.status) return;
    online(true);
    if (unsent.length) resend();
  });

  // -- after a write: the line that says what changed, with the totals above it, in view -----------------------
  // The board comes back where the form was, often far below the scoreboard: bring the scoreboard's top into
  // view, and its confirmation line too when the scoreboard is taller than the screen above the bar.
  function showConfirm(root) {
    var line = root.querySelector("#scoreboard [data-confirm]");
    if (!line || line.dataset.shown) return;
    line.dataset.shown = "1";
    var board = document.getElementById("scoreboard");
    board.scrollIntoView({block: "start"});
    var bar = document.getElementById("actions");
    var room = window.innerHeight - (bar ? bar.offsetHeight : 0);
    if (line.getBoundingClientRect().bottom > room) window.scrollBy(0, line.getBoundingClientRect().bottom - room + 8);
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

  function frame(root) {
    showConfirm(root);
    showSheet(root);
  }

  function init(root) {
    root.querySelectorAll("form.quick").forEach(initQuick);
    root.querySelectorAll("form.trick").forEach(initTrick);
    root.querySelectorAll("[data-card-picker]").forEach(initCardPicker);
  }
  if (window.htmx) { window.htmx.onLoad(init); window.htmx.onLoad(frame); }
  else document.addEventListener("DOMContentLoaded", function () { init(document); frame(document); });
})();
