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

  function init(root) {
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
