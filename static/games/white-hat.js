/* White Hat: the board editor adds a row in place (no round trip). Without this script, "More fields" asks the
   server for more empty rows, so the page works either way. */
(function () {
  "use strict";
  function addRow(editor, rows) {
    const last = editor.querySelector("[data-wh-row]:last-child");
    if (!last) return;
    const index = Number(rows.value);
    const row = last.cloneNode(true);
    row.querySelectorAll("input, select").forEach(function (input) {
      input.name = input.name.replace(/-\d+$/, "-" + index);
      if (input.tagName === "SELECT") input.selectedIndex = 0; else input.value = "";
    });
    const label = row.querySelector("label");
    if (label && label.firstChild) label.firstChild.textContent = label.firstChild.textContent.replace(/\d+/, String(index));
    editor.appendChild(row);
    rows.value = String(index + 1);
    const name = row.querySelector("input[type=text]");
    if (name) name.focus();
  }
  document.addEventListener("click", function (event) {
    const button = event.target.closest ? event.target.closest("[data-wh-add]") : null;
    if (!button) return;
    const form = button.closest("[data-wh-box]");
    const editor = form && form.querySelector("[data-wh-editor]");
    const rows = form && form.querySelector("[data-wh-rows]");
    if (!editor || !rows) return;
    event.preventDefault();
    addRow(editor, rows);
  });
})();

/* White Hat: a trick's set picker, in seat order with the leader marked. A play is complete at one card on a
   single lead and at the led count on a set lead, and then the next player in play order comes up by itself; on a
   single lead a tap on another card replaces the one held. The leader's own play is complete at each tap (a set
   grows by tapping its number again, or with +). The server reads the plays from the leader, whatever was shown. */
(function () {
  "use strict";
  var K = window.Kibitz;
  function initTrick(form) {
    var picker = form.querySelector("[data-card-picker='play']");
    if (!picker || picker.dataset.whReady) return;
    picker.dataset.whReady = "1";
    var seats = Array.prototype.slice.call(picker.querySelectorAll(".cp-seat"));
    function leader() { return form.querySelector("input[name=leader]:checked"); }
    function count() {
      var chosen = leader(), order = chosen ? JSON.parse(chosen.dataset.order) : [];
      picker.dataset.order = order.join(" ");
      var lead = seats.find(function (seat) { return Number(seat.dataset.seat) === order[0]; });
      var led = lead ? K.held(lead) : 0;
      seats.forEach(function (seat) {
        var leads = seat === lead;
        seat.dataset.want = lead ? String(Math.max(1, led)) : "";
        seat.dataset.swap = lead && !leads && led <= 1 ? "1" : "";
        seat.dataset.mark = leads ? K.text(form, "Leads", "leads") : "";
        seat.querySelector("legend").textContent = K.fill(
          leads ? K.text(form, "LeadsName", "{name} leads") : K.text(form, "Plays", "{name} plays"),
          {name: seat.dataset.name});
      });
      return lead;
    }
    function showLeader() {
      var lead = count(), tabs = picker.querySelectorAll(".cp-tabs button");
      if (lead && tabs.length) tabs[seats.indexOf(lead)].click();
      else picker.dispatchEvent(new Event("change", {bubbles: true}));  // the tabs take the marks
    }
    picker.addEventListener("cp:counted", count);
    form.addEventListener("change", function (e) {
      if (e.target.name === "leader") showLeader(); else count();
    });
    showLeader();
  }
  window.Kibitz.start(function (root) {
    // A trick's fields fetched when their closed section opened (templates/lazy_part.html) come inside its form.
    var around = root.closest ? root.closest("form.wh-trick") : null;
    if (around) initTrick(around);
    root.querySelectorAll("form.wh-trick").forEach(initTrick);
  });
})();
