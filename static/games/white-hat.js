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

/* White Hat: a trick's set picker follows the leader chosen. Each seat of the picker is the n-th play from the
   leader; when another leader is tapped, the seats take the names of that play order (the server reads the
   plays in the same order, whatever the names say). */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    const input = event.target;
    if (input.name !== "leader" || !input.dataset.order) return;
    const form = input.closest("form.wh-trick");
    const picker = form && form.querySelector("[data-card-picker]");
    if (!picker) return;
    const order = JSON.parse(input.dataset.order);
    const words = form.dataset.tPlays || "{name} plays";
    picker.querySelectorAll(".cp-seat").forEach(function (seat, n) {
      seat.dataset.name = order[n];
      const legend = seat.querySelector("legend");
      if (legend) legend.textContent = words.replace("{name}", order[n]);
    });
    picker.dispatchEvent(new Event("change", {bubbles: true}));
  });
})();
