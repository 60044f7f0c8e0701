// Kibitz's service worker, rendered by companion/offline.py with this deployment's static URLs (issue 20 §4).
// It keeps the static files and the table pages (/t/CODE/) this phone opened, so that a reload in a cellar
// without signal shows the table as last seen, marked as a copy (static/offline.js says so on the page). The copy
// is the page whole (WHOLE): a closed part the page left out (templates/lazy_part.html) comes from it. A write's
// answer is never stored: static/offline.js keeps what was saved offline and sends it when back online. Any other
// page that cannot come without signal, or a form posted without it, gets the offline page (templates/offline.html)
// instead of the browser's error page.
"use strict";
var SHELL = {{ shell|safe }};
var STATIC = {{ static_prefix|safe }};
var HASHED = {{ hashed|safe }};
var FILES = "kibitz-static-{{ version }}";  // this deployment's static files: a new deployment, a new cache
var PAGES = "kibitz-pages";  // the table pages, one copy each, kept across deployments
var MAX_PAGES = 30;  // the newest tables a phone keeps a copy of
// Only a table's own page: the share page (the scorer link), the group pages (the group link) and the home page
// (the group tokens) hold secrets, and a copy of them would outlive the page; none of them matches this.
var TABLE = /^\/t\/[^\/]+\/$/;
var IN_TABLE = /^\/t\/[^\/]+\//;  // the table's page and everything under it: its writes, its live updates
var LIVE = /^\/t\/[^\/]+\/live\/$/;
var NAMED_BY_HASH = /\.[0-9a-f]{12}\.\w+$/;  // "kibitz.0123456789ab.js": ManifestStaticFilesStorage's names
var OFFLINE = {{ offline|safe }};  // the offline page: kept with the static files, whose names it holds
// A table's copy is fetched again after a change at most once per REFRESH_EVERY ms (the last change always
// caught), and at once when its page goes out of sight: a watching phone downloads the page once per burst of
// changes rather than once per change, and the copy is as fresh as the page whenever it could next be needed.
var REFRESH_EVERY = 8000;
// Asks a table's page with every part of its entry panel (companion/views.py: WHOLE_HEADER), for its copy.
var WHOLE = {"X-Kibitz-Whole": "1"};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return cache.addAll(SHELL.concat([OFFLINE]));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  // The kept pages name the old deployment's static files: fetched again while there is signal, before those go.
  event.waitUntil(refreshPages().then(function () { return caches.keys(); }).then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("kibitz-static-") === 0 && name !== FILES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }).then(keepOpenTables));
});

// The table pages open when the worker first comes were loaded without it: kept now.
function keepOpenTables() {
  return self.clients.matchAll({type: "window"}).then(function (windows) {
    return Promise.all(windows.map(function (w) {
      var path = new URL(w.url).pathname;
      return TABLE.test(path) ? fetchPage(path).catch(function () {}) : null;
    }));
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url), table = IN_TABLE.exec(url.pathname);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && url.pathname.indexOf(STATIC) === 0) event.respondWith(staticFile(request));
  else if (request.mode === "navigate") event.respondWith(navigation(event, url));
  else if (request.method === "GET" && TABLE.test(url.pathname) && url.searchParams.has("part")) {
    event.respondWith(lazyPart(request, url.pathname));
  }
  else if (table && (request.method === "POST" || LIVE.test(url.pathname))) {
    event.respondWith(changing(event, table[0]));
  }
});

// What the event still has to do once it has answered (keeping a copy, refreshing one): the worker stays up for it.
function meanwhile(event) {
  var done;
  event.waitUntil(new Promise(function (resolve) { done = resolve; }));
  return function (work) { done(work && work.catch(function () {})); };
}

// Network first, so a phone with signal always sees a page as it is. When the network fails: a table's page
// from its copy, anything else, and a form posted, the offline page. The copy is not the page answered, which
// leaves closed parts out: it is fetched whole (refreshSoon: at most once per REFRESH_EVERY ms), after the plain
// page only (one opened at a Fix (?fix=), a log page or every row is not a reason to), if that one may be kept.
function navigation(event, url) {
  var request = event.request, then = meanwhile(event);
  var table = request.method === "GET" && TABLE.test(url.pathname);
  return fetch(request).then(function (response) {
    var copy = table && !url.search && keepable(response) ? refreshSoon(url.pathname) : null;
    then(Promise.all([copy, followLanguage(response)]));
    return response;
  }, function () {
    then(null);
    return copyOf(table ? url.pathname : null).then(function (copy) {
      return copy ? marked(copy) : offlinePage(request.method !== "GET");
    });
  });
}

// A closed part opened without signal (htmx: ?part=NAME): the table's copy, whole, from which htmx takes the part
// (hx-select). Without a copy it fails as it would without the worker.
function lazyPart(request, path) {
  return fetch(request).catch(function (error) {
    return copyOf(path).then(function (copy) {
      if (!copy) throw error;
      return marked(copy);
    });
  });
}

function copyOf(path) {
  return path ? caches.open(PAGES).then(function (cache) { return cache.match(path); }) : Promise.resolve(null);
}

// The offline page in the phone's language: fetched again only when a page came in another language than the
// one kept (the language picker, a phone set to another language), so it costs nothing on every other page.
function followLanguage(response) {
  var language = response.headers.get("Content-Language");
  if (!language || !response.ok || response.type !== "basic") return null;
  return caches.open(FILES).then(function (cache) {
    return cache.match(OFFLINE).then(function (kept) {
      if (kept && kept.headers.get("Content-Language") === language) return null;
      return fetch(OFFLINE, {credentials: "same-origin"}).then(function (fresh) {
        if (keepable(fresh)) return cache.put(OFFLINE, fresh);
      });
    });
  });
}

// A form posted without signal (Play again, the language, a plain note) sent nothing: the page says so instead of
// saying that this page is not kept (templates/offline.html: the two sentences, one of them hidden).
var GOT = ' data-when="get"', POSTED = ' data-when="post"';
function offlinePage(posted) {
  return caches.open(FILES).then(function (cache) { return cache.match(OFFLINE); }).then(function (kept) {
    if (!kept) return Response.error();
    return marked(kept, posted ? function (html) {
      return html.replace(GOT, GOT + " hidden").replace(POSTED + " hidden", POSTED);
    } : null);
  });
}

// A write of the page's (htmx) or a live update that brought a new version: the answer goes to the page as it
// came (never stored), then the copy is brought up to date (refreshSoon), so it is the table as this phone last
// saw it rather than as it was first opened. A write that finds no network fails as it would without the worker.
function changing(event, path) {
  var then = meanwhile(event);
  return fetch(event.request).then(function (response) {
    then(response.status === 200 ? refreshSoon(path) : null);
    return response;
  }, function (error) {
    then(null);
    throw error;
  });
}

// Per table: when its copy was last fetched after a change, the fetch due for the changes since (one at most), and
// the fetch under way (the next waits for it, so an older page never replaces a newer one).
var refreshed = {}, due = {}, refreshing = {};

// The first change after a quiet spell fetches the page at once; the changes after it within REFRESH_EVERY ms wait
// for one fetch at the end of that time, which brings the page as it is then, so the last change is always caught.
function refreshSoon(path) {
  if (due[path]) return due[path].done;
  var wait = (refreshed[path] || 0) + REFRESH_EVERY - Date.now();
  if (wait <= 0) return refreshNow(path);
  var fetched, pending = {done: new Promise(function (resolve) { fetched = resolve; })};
  pending.run = function () {
    clearTimeout(pending.timer);
    if (due[path] === pending) {
      delete due[path];
      fetched(refreshNow(path));
    }
    return pending.done;
  };
  pending.timer = setTimeout(pending.run, wait);
  due[path] = pending;
  return pending.done;
}

function refreshNow(path) {
  refreshed[path] = Date.now();
  var next = Promise.resolve(refreshing[path]).then(function () { return fetchPage(path); });
  refreshing[path] = next.catch(function () {});
  return refreshing[path];
}

// The page going out of sight (kibitz.js: the phone locked, another app, a reload or another page): what it last
// showed may be the copy needed next, in a cellar, so a fetch still due goes now. Nothing due, nothing fetched.
self.addEventListener("message", function (event) {
  var path = event.source && event.source.url && new URL(event.source.url).pathname;
  if (event.data === "hidden" && path && due[path]) event.waitUntil(due[path].run());
});

function staticFile(request) {
  return caches.open(FILES).then(function (cache) {
    return cache.match(request).then(function (kept) {
      if (kept && HASHED && NAMED_BY_HASH.test(request.url)) return kept;  // a hashed name never changes its content
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      }, function () { return kept || Response.error(); });
    });
  });
}

function fetchPage(path) {
  return fetch(path, {credentials: "same-origin", headers: WHOLE}).then(function (response) {
    if (keepable(response)) return keep(path, response);
  });
}

function refreshPages() {
  return caches.open(PAGES).then(function (cache) { return cache.keys(); }).then(function (requests) {
    return Promise.all(requests.map(function (r) { return fetchPage(new URL(r.url).pathname).catch(function () {}); }));
  });
}

// A page that says it must not be stored (Cache-Control: no-store, how Kibitz marks a page with a secret) never
// is, nor an error, nor the end of a redirect.
function keepable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected &&
    !/no-store/.test(response.headers.get("Cache-Control") || "");
}

function keep(path, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache.delete(path).then(function () { return cache.put(path, response); }).then(function () {
      return cache.keys();
    }).then(function (requests) {  // oldest first: the copies past MAX_PAGES go
      return Promise.all(requests.slice(0, Math.max(0, requests.length - MAX_PAGES)).map(function (r) {
        return cache.delete(r);
      }));
    });
  });
}

// The copy, marked so the page knows it is one (static/offline.js: the banner, fresh idempotency keys), and changed
// by `edit` (the offline page's sentence for a form posted).
function marked(kept, edit) {
  var headers = new Headers(kept.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return kept.text().then(function (html) {
    html = html.replace("<body", "<body data-offline");
    return new Response(edit ? edit(html) : html, {status: 200, headers: headers});
  });
}
