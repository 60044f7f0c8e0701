// Kibitz without signal (issue 20 §4), fetched by kibitz.js when it is first needed (its "connection state"): says
// when there is no connection, and keeps what the scorer saves meanwhile on this phone (localStorage: it outlives a
// reload), sending it in order when the connection is back. Every write form carries an idempotency key, so an
// entry sent twice (a reply lost on the way) lands once; the server refuses one made against an older version with
// the stale-write choice (409), which is shown as when the scorer saves by hand.
(function () {
  "use strict";
  var PAGES = "kibitz-pages";  // the worker's cache of table pages (templates/sw.js)
  // The offline page (templates/offline.html), which the worker shows at the address it could not open: a table's
  // too, when it keeps no copy of it. It says itself that there is no connection, and has no entry to keep.
  var kept = document.querySelector("[data-kept]");
  var table = !kept && /^\/t\/[^\/]+\/$/.test(location.pathname) ? location.pathname : "";  // a table's page, or none
  var STORE = "kibitz.unsent." + table;
  var banner = kept ? null : document.querySelector(".offline");
  var copy = document.body.hasAttribute("data-offline");  // the worker's copy, served without signal
  var memory = [];  // the queue when this phone keeps no storage
  var sending = false, paused = false, online = navigator.onLine && !copy;

  function part(name) { return banner && banner.querySelector("[data-" + name + "]"); }
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return memory; }
  }
  function store(list) {
    memory = list;
    try {
      if (list.length) localStorage.setItem(STORE, JSON.stringify(list));
      else localStorage.removeItem(STORE);
    } catch (e) { /* kept in memory: lost on a reload, sent all the same */ }
    show();
  }
  function show() {
    var n = table ? load().length : 0, waiting = part("waiting");
    if (!banner) return;
    banner.hidden = online && !n;
    part("no-signal").hidden = online;
    part("copy").hidden = online || !copy;
    waiting.textContent = n ? (n === 1 ? waiting.dataset.tOne : waiting.dataset.tOther).replace("{n}", n) : "";
  }
  function setOnline(yes) {
    online = yes;
    show();
  }

  // A key of our own for every write form of a copy: the copy's keys may have landed since it was kept.
  function newKey() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function freshKeys(root) {
    root.querySelectorAll("input[name=key]").forEach(function (input) { input.value = newKey(); });
  }

  // -- keeping: a write that could not go out waits here, in order -----------------------------------------------
  function keep(config) {
    var form = config && config.elt.closest && config.elt.closest("form");
    if (!table || !form || config.verb !== "post") return;
    var body = new URLSearchParams(config.formData), key = body.get("key");
    if (!key) return;  // without a key it could land twice: it stays in the form, to be sent by hand
    var list = load(), entry = {url: config.path, body: body.toString(), key: key, version: body.get("version")};
    var same = list.findIndex(function (x) { return x.key === key; });
    if (same < 0) list.push(entry);
    else list[same] = entry;  // the same form saved again: what it says now, in its place
    store(list);
    if (form.closest("#entry")) blankEntry();
  }
  document.addEventListener("htmx:sendError", function (e) {
    setOnline(false);
    keep(e.detail.requestConfig);
  });

  // The entry as the kept copy shows it, with new keys, so the next hand can be typed (the one just saved waits
  // in the queue). Without a copy the form stays as typed, with its key: saving it again replaces what waits.
  function blankEntry() {
    if (!window.caches) return;
    caches.open(PAGES).then(function (cache) { return cache.match(table); }).then(function (kept) {
      return kept && kept.text();
    }).then(function (html) {
      var entry = html && new DOMParser().parseFromString(html, "text/html").getElementById("entry");
      var now = document.getElementById("entry");
      if (!entry || !now) return;
      freshKeys(entry);
      window.htmx.swap(now, entry.outerHTML, {swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0});
    }).catch(function () { /* the form stays as typed */ });
  }

  // -- sending: one at a time, oldest first ---------------------------------------------------------------------
  // Entries typed one after another without signal were all made against the version the page showed; each
  // landed entry moves the ones after it to the version it made. Any other change in between (another phone)
  // makes the server refuse the next one as stale, with the choice to record it as well.
  function flush(rebase) {
    var list = load();
    if (!table || sending || paused || !list.length) return;
    var entry = list[0], body = new URLSearchParams(entry.body);
    if (rebase && entry.version === rebase.from) body.set("version", rebase.to);
    sending = true;
    fetch(entry.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: {"HX-Request": "true", "HX-Target": "board", "HX-Current-URL": location.href},
    }).then(function (response) {
      return response.text().then(function (html) { answered(entry, body.get("version"), response, html); });
    }, function () {
      sending = false;
      setOnline(false);
    });
  }
  function answered(entry, sent, response, html) {
    sending = false;
    setOnline(true);
    if (response.status >= 500) {  // nothing stored: it waits (a busy database says when to try again)
      var wait = parseInt(response.headers.get("Retry-After"), 10), note = document.querySelector("[data-failed]");
      if (wait) setTimeout(flush, wait * 1000);
      else if (note) {  // said as kibitz.js says any answer it cannot show; tried again with the next request
        note.textContent = note.dataset.text.replace("{status}", response.status);
        note.hidden = false;
      }
      return;
    }
    store(load().filter(function (x) { return x.key !== entry.key; }));
    var board = document.getElementById("board");
    if (board) window.htmx.swap(board, html, {swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0});
    var made = (/id="board" data-version="(\d+)"/.exec(html) || [])[1];
    // Refused (400, 403, 409) or asking one more question: shown with the entry as typed; the rest waits until
    // the scorer has answered it, so the next refusal cannot take its place.
    if (!response.ok || !made || made === sent) paused = true;
    else flush({from: entry.version, to: made});
  }

  // -- the connection: said on the page, and what waits goes out as soon as it is back ------------------------
  window.addEventListener("offline", function () { setOnline(false); });
  window.addEventListener("online", function () { setOnline(true); flush(); });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!e.detail.xhr || !e.detail.xhr.status) return;
    setOnline(true);
    var elt = e.detail.requestConfig && e.detail.requestConfig.elt;
    if (e.detail.successful && elt && elt.id !== "poller") paused = false;  // the scorer did something
    flush();
  });

  // -- the offline page: the table pages this phone keeps, newest first, each by its title and when it was kept --
  function listKept() {
    var note = document.querySelector("[data-kept-note]");
    if (!window.caches) return;
    caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.reverse().map(function (r) {
          return cache.match(r).then(function (copy) {
            return copy.text().then(function (html) { return keptLine(r.url, html, copy.headers.get("Date")); });
          });
        }));
      });
    }).then(function (lines) {
      lines.forEach(function (line) { kept.append(line); });
      kept.hidden = !lines.length;
      note.textContent = lines.length ? note.dataset.tSome : note.dataset.tNone;
    }).catch(function () { /* the sentence for a page without script stays */ });
  }
  function keptLine(url, html, date) {
    var title = /<title>([^<]*)<\/title>/.exec(html), li = document.createElement("li");
    var a = document.createElement("a"), name = document.createElement("strong");
    a.href = new URL(url).pathname;
    // The title as the copy's HTML writes it (&amp; and the like), read as text: never as HTML.
    name.textContent = new DOMParser().parseFromString(title ? title[1] : a.pathname, "text/html").body.textContent;
    a.append(name);
    if (date) {
      var when = document.createElement("small"), time = document.createElement("time"), at = new Date(date);
      time.dateTime = at.toISOString();
      time.textContent = at.toLocaleString(document.documentElement.lang, {dateStyle: "medium", timeStyle: "short"});
      when.append(time);
      a.append(when);
    }
    li.append(a);
    return li;
  }

  window.Kibitz.offline = true;  // from here on, this file has the connection (kibitz.js hands over)
  if (kept) listKept();
  if (copy) freshKeys(document);
  window.Kibitz.lost.splice(0).forEach(keep);  // what failed before this file came
  show();
  if (online) flush();
})();
