// Hats on the phone: once a hand card is tapped, the tea-table positions it may not go onto are marked, from
// the game's own list of legal positions (the form's data-legal); a marked position can still be chosen, and
// the referee flags it. Nothing here decides a rule. Without this file every position simply shows.
(function () {
  "use strict";

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

  // The end state at once: per player, live, how many of the eight cards are in (collected and black hats),
  // and who has the most types now (a hint beside "Most types decides"); Save waits until every count is right.
  // The game checks the whole state again when it is saved.
  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }
  function tallyFinal(form) {
    var each = Number(form.dataset.each), right = true, types = {};
    form.querySelectorAll("[data-hats-tally]").forEach(function (line) {
      var seat = line.dataset.hatsTally;
      var collected = form.querySelectorAll("input[name='coll-" + seat + "']:checked");
      var hats = Number((form.querySelector("input[name='hats-" + seat + "']") || {}).value || 0);
      var n = collected.length + hats;
      line.textContent = fill(form.dataset.tTally, {name: line.dataset.name, n: n, each: each});
      line.classList.toggle("good", n === each);
      line.classList.toggle("bad", n > each);
      right = right && n === each;
      var kinds = {};
      collected.forEach(function (input) { kinds[input.value.slice(0, input.value.lastIndexOf("-"))] = 1; });
      types[line.dataset.name] = Object.keys(kinds).length + (hats > 0 ? 1 : 0);
    });
    var most = Math.max.apply(null, Object.values(types).concat([0]));
    var hint = form.querySelector("[data-hats-most]");
    if (hint) {
      var names = Object.keys(types).filter(function (name) { return most > 0 && types[name] === most; });
      hint.textContent = names.length ? fill(form.dataset.tMost, {names: names.join(" & "), n: most}) : "";
    }
    var save = form.querySelector("[data-save]");
    if (save) save.disabled = !right;
  }

  function init(root) {
    root.querySelectorAll("form[data-hats-final]").forEach(function (form) {
      if (form.dataset.hatsReady) return;
      form.dataset.hatsReady = "1";
      form.addEventListener("change", function () { tallyFinal(form); });
      form.addEventListener("input", function () { tallyFinal(form); });
      tallyFinal(form);
    });
    root.querySelectorAll("form.hats-turn[data-legal]").forEach(function (form) {
      if (form.dataset.hatsReady) return;
      form.dataset.hatsReady = "1";
      form.addEventListener("change", function (e) {
        if (e.target.closest("[data-card-picker='card']")) mark(form);
      });
      mark(form);
    });
  }

  document.addEventListener("htmx:afterSettle", function () { init(document); });
  if (document.readyState !== "loading") init(document);
  else document.addEventListener("DOMContentLoaded", function () { init(document); });
})();
