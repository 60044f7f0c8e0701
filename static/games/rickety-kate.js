// Rickety Kate on the phone: the quick hand's pads, a trick saved by its last card, the passed cards counted and
// saved by the last one.
// Counting only: the rules and the moon question stay on the server. It builds on kibitz.js (window.Kibitz: the
// shared helpers, the card picker, start()), loaded before it. Without either file every form still posts.
(function () {
  "use strict";

  var text = window.Kibitz.text, fill = window.Kibitz.fill, button = window.Kibitz.button;

  // -- quick hand: a 0-13 pad per player, "the rest", live "13 of 13" check -------------------------------
  // One pad is open at a time, under the player it fills; a number moves on to the next player, and the pads
  // close once the hearts add up. Counting only: the moon question comes from the game (the server's answer).
  function initQuick(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var total = parseInt(form.dataset.hearts, 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".stepper input[type=number]"));
    var rows = inputs.map(function (input, index) {
      var row = input.closest(".stepper"), label = row.querySelector(".name"), name = label.textContent;
      input.type = "hidden";
      label.hidden = true;
      var pick = button("", "pick");
      var who = document.createElement("span"), value = document.createElement("span");
      who.className = "who";
      who.textContent = name;
      value.className = "value";
      pick.append(who, value);
      pick.setAttribute("aria-expanded", "false");
      var pad = document.createElement("div");
      pad.className = "pad";
      pad.id = "pad-" + input.id;
      pad.setAttribute("role", "group");
      pad.setAttribute("aria-label", fill(text(form, "Pad", "{name}: hearts taken"), {name: name}));
      pad.hidden = true;
      pick.setAttribute("aria-controls", pad.id);
      var keys = [];
      for (var n = 0; n <= total; n++) {
        (function (k) {
          var b = button(String(k));
          b.setAttribute("aria-label", fill(text(form, "Pick", "{name}: {n}"), {name: name, n: k}));
          b.addEventListener("click", function () { set(index, k); advance(index); });
          keys.push(b);
          pad.append(b);
        })(n);
      }
      var rest = button(text(form, "Rest", "the rest"), "rest");
      rest.setAttribute("aria-label", fill(text(form, "RestFor", "the rest for {name}"), {name: name}));
      rest.addEventListener("click", function () { set(index, total - sum() + count(index)); advance(index); });
      pad.append(rest);
      row.append(pick, pad);
      pick.addEventListener("click", function () { open(pad.hidden ? index : -1); });
      return {input: input, pick: pick, value: value, pad: pad, keys: keys};
    });
    function count(i) { return parseInt(rows[i].input.value, 10) || 0; }
    function sum() {
      return rows.reduce(function (acc, r, i) { return acc + count(i); }, 0);
    }
    function set(i, k) {
      rows[i].input.value = String(Math.max(0, Math.min(total, k)));
      form.dispatchEvent(new Event("change", {bubbles: true}));
    }
    function open(i) {
      rows.forEach(function (r, k) {
        r.pad.hidden = k !== i;
        r.pick.setAttribute("aria-expanded", String(k === i));
      });
    }
    function advance(i) {
      open(sum() === total || i + 1 >= rows.length ? -1 : i + 1);
    }
    function checked(name) {
      var el = form.querySelector("input[name='" + name + "']:checked");
      return el ? el.value : null;
    }
    function update() {
      var got = sum(), msg = form.querySelector("[data-check]");
      rows.forEach(function (r, i) {
        r.value.textContent = String(count(i));
        r.keys.forEach(function (b, k) { b.setAttribute("aria-pressed", String(k === count(i))); });
      });
      var problems = [];
      if (got !== total) problems.push(fill(text(form, "Hearts", "{got} of {total} hearts"), {got: got, total: total}));
      var groups = {};
      form.querySelectorAll("fieldset.lady input, fieldset.bonus input").forEach(function (i) { groups[i.name] = i.closest("fieldset"); });
      Object.keys(groups).forEach(function (name) {
        if (checked(name) === null) problems.push(groups[name].querySelector("legend").textContent);
      });
      msg.textContent = problems.length ? problems.join(" · ") : fill(text(form, "Ready", "{total} of {total} hearts ✓"), {total: total});
      msg.className = "check " + (problems.length ? "bad" : "good");
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = problems.length > 0; });
    }
    form.addEventListener("change", function () {
      dropQuestion(form);
      update();
    });
    update();
    open(sum() === 0 ? 0 : -1);  // a new hand starts at the first player; a filled-in one waits for a tap
  }

  // The game's moon question (rendered by the server for the entry as it was sent) no longer holds once the
  // entry changes: take it away and bring Save back, which asks the game again.
  function dropQuestion(form) {
    var question = form.querySelector("[data-question]");
    if (!question) return;
    question.remove();
    var save = form.querySelector("[data-save]");
    if (save) save.hidden = false;
  }

  // -- a trick: the card picker, one seat per card in play order; saved when its last card is tapped -------------
  // The leader's radio carries the play order the game gives for that leader; the picker's seats are renamed
  // to it. Saving when the last card is tapped needs nothing but counting: Undo brings the trick back filled in.
  function initTrick(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var picker = form.querySelector("[data-card-picker]");
    if (!picker) return;
    var seats = Array.prototype.slice.call(picker.querySelectorAll(".cp-seat"));
    function leader() { return form.querySelector("input[name=leader]:checked"); }
    function rename() {
      var chosen = leader();
      if (!chosen) return;
      var order = JSON.parse(chosen.dataset.order);
      seats.forEach(function (seat, n) {
        seat.dataset.name = order[n];
        seat.querySelector("legend").textContent = fill(text(form, "Plays", "{name} plays"), {name: order[n]});
      });
      picker.dispatchEvent(new Event("change", {bubbles: true}));  // the picker's tabs take the new names
    }
    function complete() {
      return leader() !== null && seats.every(function (seat) { return seat.querySelector("input:checked"); });
    }
    // Saving by itself, the trick needs no Save button in view (it stays for a correction, and without script).
    var auto = form.hasAttribute("data-auto"), save = form.querySelector("[data-save]");
    var note = form.querySelector("[data-auto-note]");
    function buttons() {
      if (!save) return;
      save.disabled = !complete();
      if (auto) save.hidden = true;
      if (auto && note) note.hidden = false;
    }
    form.addEventListener("change", function (e) {
      var t = e.target;
      if (t.name === "leader") rename();
      if (!e.isTrusted) return;  // the renaming above, or the picker's own bookkeeping
      dropQuestion(form);
      buttons();
      if (form.classList.contains("htmx-request")) return;  // already on its way (same key: it lands once)
      if (complete() && auto && !form.querySelector("[data-question]")) {
        keepPlace = {form: form, top: picker.getBoundingClientRect().top};
        if (form.requestSubmit) form.requestSubmit(); else save.click();
      }
    });
    buttons();
  }

  // A trick saved by its last card while the hand goes on changes no total: the next trick's cards come back
  // where the thumb left them, as far as the confirmation of the write (kibitz.js has brought it into view) stays
  // on screen above them.
  // An entry answered with the game's moon question instead: the question comes into view, its buttons in reach.
  var keepPlace = null;
  // Capture: this runs before kibitz.js's own settling (a refusal coming into view has the last word).
  document.addEventListener("htmx:afterSettle", function (e) {
    var config = e.detail.requestConfig, from = config ? config.elt : null;
    var question = document.querySelector("#entry [data-question]");
    if (question && config && config.verb === "post") {
      question.scrollIntoView({block: "center"});
      keepPlace = null;
      return;
    }
    if (keepPlace === null || (from && from !== keepPlace.form)) return;
    var picker = document.querySelector("form.trick[data-in-hand] [data-card-picker]");
    var line = document.querySelector("#scoreboard [data-confirm]");
    var by = picker ? picker.getBoundingClientRect().top - keepPlace.top : 0;
    if (line) by = Math.min(by, line.getBoundingClientRect().top);
    if (by) window.scrollBy(0, by);
    keepPlace = null;
  }, true);
  document.addEventListener("htmx:afterRequest", function (e) {
    if (keepPlace !== null && e.detail.elt === keepPlace.form && !e.detail.successful) keepPlace = null;
  });

  // -- passed cards: one player at a time, "2 of 3", on to the next player once their cards are ticked ----------
  function initPass(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var want = parseInt(form.dataset.count, 10) || 0;
    var picker = form.querySelector("[data-card-picker]");
    if (!picker) return;
    var seats = Array.prototype.slice.call(picker.querySelectorAll(".cp-seat"));
    var counts = seats.map(function (seat) {
      var out = document.createElement("output");
      out.className = "cp-count";
      seat.querySelector("legend").append(" ", out);
      return out;
    });
    function picked(seat) { return seat.querySelectorAll("input:checked").length; }
    // Saved by the last card ticked, as a trick is (Undo brings the passes back ticked; Edit fixes one card). Save
    // stays: the passes of only some players may be recorded too.
    var auto = form.hasAttribute("data-auto"), save = form.querySelector("[data-save]");
    var note = form.querySelector("[data-auto-note]");
    function complete() { return seats.every(function (seat) { return picked(seat) === want; }); }
    if (auto && note) note.hidden = false;
    function update() {
      seats.forEach(function (seat, k) {
        counts[k].textContent = fill(text(form, "Count", "{n} of {count}"), {n: picked(seat), count: want});
        counts[k].classList.toggle("good", picked(seat) === want);
      });
    }
    picker.addEventListener("change", function (e) {
      update();
      var seat = e.target.closest && e.target.closest(".cp-seat");
      if (!seat || !e.target.checked || picked(seat) !== want) return;
      if (auto && e.isTrusted && complete() && !form.classList.contains("htmx-request")) {
        if (form.requestSubmit) form.requestSubmit(); else save.click();
        return;
      }
      var tabs = picker.querySelectorAll(".cp-tabs button"), at = seats.indexOf(seat);
      for (var k = 1; k < seats.length; k++) {
        var next = (at + k) % seats.length;
        if (picked(seats[next]) < want && tabs[next]) { tabs[next].click(); return; }
      }
    });
    update();
  }

  // Through kibitz.js, after its card pickers (the passed cards move on through the picker's seat tabs).
  window.Kibitz.start(function (root) {
    root.querySelectorAll("form.quick").forEach(initQuick);
    root.querySelectorAll("form.trick").forEach(initTrick);
    root.querySelectorAll("form.pass").forEach(initPass);
  });
})();
