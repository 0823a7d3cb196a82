// Scorer's service worker (games/views/pwa.py serves it from the site's root). It keeps the app
// shell and the pages this phone opened, so a game still opens without signal. Hands saved
// meanwhile wait in the page's own store (static/js/outbox.js), not here: a worker can be
// stopped at any time, and Background Sync is not on every phone.
"use strict";{% load scorer_script %}
var SHELL_CACHE = "scorer-shell-__VERSION__";
var PAGES_CACHE = "scorer-pages";
var SHELL = {{ shell|safe }};
var OFFLINE = "{{ offline }}";
var HASHED = {{ hashed|yesno:"true,false" }};
var KEEP_PAGES = 40;  // the games of a few card nights; the oldest go first
var PATIENCE = 4000;  // ms a page waits for the network before the copy on the phone shows
// Said when not even the offline page is on the phone, in the language the worker was fetched
// in: a phone that changes language fetches a worker of that language (its text differs), and
// the new worker keeps the offline page anew, in that language.
var NO_CONNECTION = {% js_word "offline" %};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    return cache.addAll(SHELL.concat([OFFLINE]));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorer-shell-") === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) { event.respondWith(fromShell(request)); return; }
  if (request.mode === "navigate") event.respondWith(page(request));
  // Everything else (the scoreboard's poll, the preview) needs the server, and says so.
});

// A page asks to be kept as it is now: the first page a phone opens comes before its worker,
// and a page changed by the table (a hand saved) is worth keeping again.
self.addEventListener("message", function (event) {
  var url = event.data && event.data.keep;
  if (typeof url !== "string" || new URL(url).origin !== self.location.origin) return;
  var request = new Request(url, { credentials: "same-origin" });
  event.waitUntil(fetch(request).then(function (response) {
    var type = response.headers.get("content-type") || "";
    if (response.status === 200 && type.indexOf("text/html") === 0) return keep(request, response);
  }).catch(function () { /* no signal: the copy kept before stays */ }));
});

// Static files. Their names carry a digest of their content in production, so the copy on
// the phone is right for as long as a page names it; where they do not (development), the
// server's copy comes first and the phone's only without signal.
function fromShell(request) {
  return caches.open(SHELL_CACHE).then(function (cache) {
    var fetched = function () {
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    };
    if (!HASHED) return fetched().catch(function () { return cache.match(request); });
    return cache.match(request).then(function (kept) { return kept || fetched(); });
  });
}

// A page: from the server when it answers in time (and kept), else the copy on the phone,
// marked as a copy, else the offline page.
function page(request) {
  var network = fetch(request).then(function (response) {
    var type = response.headers.get("content-type") || "";
    if (response.status === 200 && type.indexOf("text/html") === 0) keep(request, response.clone());
    return response;
  });
  var late = new Promise(function (resolve, reject) {
    setTimeout(function () { reject(new Error("slow")); }, PATIENCE);
  });
  return Promise.race([network, late]).catch(function () {
    return kept(request).then(function (copy) {
      if (copy) return copy;
      return network.catch(function () {
        return caches.match(OFFLINE).then(function (offline) {
          return offline || new Response(NO_CONNECTION, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
        });
      });
    });
  });
}

function keep(request, response) {
  return response.text().then(function (html) {
    var copy = new Response(html, {
      headers: { "content-type": response.headers.get("content-type"), "x-scorer-kept": new Date().toISOString() }
    });
    return caches.open(PAGES_CACHE).then(function (cache) {
      var urls = [request.url];
      if (response.url && response.url !== request.url) urls.push(response.url);  // after a redirect
      return Promise.all(urls.map(function (url) { return cache.put(url, copy.clone()); })).then(function () {
        return cache.keys();
      }).then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES)).map(function (key) {
          return cache.delete(key);
        }));
      });
    });
  });
}

// The kept page, with the time it was kept on its body: the page says it is a copy.
function kept(request) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true });
  }).then(function (copy) {
    if (!copy) return null;
    var when = copy.headers.get("x-scorer-kept") || "";
    return copy.text().then(function (html) {
      html = html.replace("<body ", '<body data-offline-copy="' + when + '" ');
      return new Response(html, { headers: { "content-type": copy.headers.get("content-type") } });
    });
  });
}
