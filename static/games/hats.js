// Hats on the phone: once a hand card is tapped, the tea-table positions it may not go onto are marked, from
// the game's own list of legal positions (the form's data-legal); a marked position can still be chosen, and
// the referee flags it. Nothing here decides a rule. Without this file every position simply shows.
(function () {
  "use strict";

  var fill = window.Kibitz.fill;

  function mark(form) {
    var legal;
    try { legal = JSON.parse(form.dataset.legal || "{}"); } catch (e) { return; }
    var chosen = form.querySelector("[data-card-picker='card'] input:checked");
    var allowed = chosen ? legal[chosen.value] || [] : null;
    form.querySelectorAll("[data-position]").forEach(function (label) {
      var off = allowed !== null && allowed.indexOf(Number(label.dataset.position)) < 0;
      label.classList.toggle("hats-illegal", off);
      var note = label.querySelector(".hats-illegal-note");
      if (note) note.hidden = !off;
    });
  }

  // The end state at once: per player, live, the face-up cards tapped and the black hats they leave of the eight
  // cards each plays ("Ana: 6 cards face up, so 2 black hats"), who has the most types now (a hint beside
  // "Most types decides"), and Save only once the tea table is full, every favourite set and nobody has more than
  // eight face up, with what is missing in words. The words come counted from the server (plural forms: each
  // form once, as [[from count, text], ...], {n} the count); the game checks the whole state again when saved.
  function counted(form, key, n, values) {
    var forms = [], text = "";
    try { forms = JSON.parse(form.dataset[key] || "[]"); } catch (e) { /* no words: the count alone */ }
    forms.forEach(function (f) { if (f[0] <= n) text = f[1]; });
    values.n = n;
    return fill(text, values) || String(n);
  }
  function cardType(value) { return value.slice(0, value.lastIndexOf("-")); }

  function tallyFinal(form) {
    var each = Number(form.dataset.each);  // cards each player plays, face up or as black hats (from the game)
    var needed = [], types = {}, empty = [], unset = [], over = [];
    form.querySelectorAll("[data-card-picker='table'] .cp-seat").forEach(function (seat, i) {
      if (!seat.querySelector("input:checked")) empty.push(i + 1);
    });
    if (empty.length) needed.push(counted(form, "tPositions", empty.length, {list: empty.join(", ")}));
    form.querySelectorAll(".hats-player").forEach(function (player) {
      var own = player.querySelector("[data-card-picker='coll'] .cp-seat").dataset;  // the player's seat and name
      var seat = own.seat, name = own.name;
      var up = form.querySelectorAll("input[name='coll-" + seat + "']:checked");
      var hats = Math.max(0, each - up.length), line = player.querySelector("[data-hats-tally]");
      var shown = counted(form, "tCards", up.length, {});
      line.textContent = up.length > each
        ? fill(form.dataset.tOver, {name: name, cards: shown})
        : fill(form.dataset.tLine, {name: name, cards: shown, hats: counted(form, "tHats", hats, {})});
      line.classList.toggle("bad", up.length > each);
      if (up.length > each) over.push(name);
      if (!form.querySelector("input[name='fav-" + seat + "']:checked")) unset.push(name);
      var kinds = {};
      up.forEach(function (input) { kinds[cardType(input.value)] = 1; });
      types[name] = Object.keys(kinds).length + (hats > 0 ? 1 : 0);
    });
    if (unset.length) needed.push(counted(form, "tFavourites", unset.length, {names: unset.join(", ")}));
    if (over.length) needed.push(fill(form.dataset.tTooMany, {names: over.join(", ")}));
    var most = Math.max.apply(null, Object.values(types).concat([0]));
    var names = Object.keys(types).filter(function (name) { return most > 0 && types[name] === most; });
    form.querySelector("[data-hats-most]").textContent = names.length
      ? fill(form.dataset.tMost, {names: names.join(" & "), n: most}) : "";
    form.querySelector("[data-hats-needed]").textContent = needed.length
      ? fill(form.dataset.tNeeded, {what: needed.join(", ")}) : "";
    form.querySelector("[data-save]").disabled = needed.length > 0;
  }

  // Through kibitz.js, on the page and on every part swapped in (the end state comes as one when opened); a part
  // the phone kept comes back already set up.
  function fresh(form) {
    if (form.dataset.hatsReady) return false;
    form.dataset.hatsReady = "1";
    return true;
  }
  window.Kibitz.start(function (root) {
    root.querySelectorAll("form[data-hats-final]").forEach(function (form) {
      if (!fresh(form)) return;
      form.addEventListener("change", function () { tallyFinal(form); });
      form.addEventListener("input", function () { tallyFinal(form); });
      tallyFinal(form);
    });
    root.querySelectorAll("form.hats-turn[data-legal]").forEach(function (form) {
      if (!fresh(form)) return;
      form.addEventListener("change", function (e) {
        if (e.target.closest("[data-card-picker='card']")) mark(form);
      });
      mark(form);
    });
  });
})();
