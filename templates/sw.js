// Kibitz's service worker, rendered by companion/offline.py with this deployment's static URLs (issue 20 §4).
// It keeps the static files and the table pages (/t/CODE/) this phone opened, so that a reload in a cellar
// without signal shows the table as last seen, marked as a copy (static/offline.js says so on the page). A write's
// answer is never stored: static/offline.js keeps what was saved offline and sends it when back online.
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

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) { return cache.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
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
  else if (request.mode === "navigate" && request.method === "GET" && TABLE.test(url.pathname)) {
    event.respondWith(tablePage(request, url));
  } else if (table && request.mode !== "navigate" && (request.method === "POST" || LIVE.test(url.pathname))) {
    event.respondWith(changing(event, table[0]));
  }
});

// A write of the page's (htmx) or a live update that brought a new version: the answer goes to the page as it
// came (never stored), then the worker fetches the table page afresh, so the copy is the table as this phone last
// saw it rather than as it was first opened. A write that finds no network fails as it would without the worker.
function changing(event, path) {
  var done;
  event.waitUntil(new Promise(function (resolve) { done = resolve; }));
  return fetch(event.request).then(function (response) {
    done(response.status === 200 ? fetchPage(path).catch(function () {}) : null);
    return response;
  }, function (error) {
    done(null);
    throw error;
  });
}

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

// Network first, so a phone with signal always sees the table as it is; the copy when the network fails. The
// copy is the table's plain page: one opened at a Fix (?fix=), a log page or every row is not kept.
function tablePage(request, url) {
  var path = url.pathname;
  return fetch(request).then(function (response) {
    if (!url.search && keepable(response)) keep(path, response.clone());
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(path); }).then(function (kept) {
      return kept ? marked(kept) : Response.error();
    });
  });
}

function fetchPage(path) {
  return fetch(path, {credentials: "same-origin"}).then(function (response) {
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

// The copy, marked so the page knows it is one (static/offline.js: the banner, fresh idempotency keys).
function marked(kept) {
  var headers = new Headers(kept.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return kept.text().then(function (html) {
    return new Response(html.replace("<body", "<body data-offline"), {status: 200, headers: headers});
  });
}
