/* Muster's service worker (served at /sw.js by armylists/web/app.py, which writes the
   release in). The pages a player opened recently (his lists, their play views and print
   sheets, My lists, shared lists) open without a network: network first, the last copy
   on this device when the network fails, marked as such so the page says "offline:
   read-only" with the time it was saved. Nothing is queued: a post is the network's or
   nothing. Pages are kept per account (the page's own <meta name="muster-account">, never
   the session), one cache each; the page's script forgets them on logout. A response
   marked Cache-Control: no-store is never kept (an event's lists before the reveal). Static files
   are network first too, in a cache named by the release, so a release never serves old
   files while the network answers. */
"use strict";

var RELEASE = "__RELEASE__";
// The files every kept page needs (the view writes in their addresses): kept at install,
// so a page kept before its files were ever fetched through this worker still shows.
var PRECACHE = __PRECACHE__;
var STATIC_CACHE = "muster-static-" + RELEASE;
var PAGES_PREFIX = "muster-pages-";
var META_CACHE = "muster-meta";
var ACCOUNT_KEY = "/__muster-account";
var OFFLINE_URL = "/offline/";
var KEPT_PAGES = [
  /^\/lists\/$/,
  /^\/lists\/\d+\/((play|print)\/)?$/,
  /^\/s\/[A-Za-z0-9_-]{1,64}\/((play|print)\/)?$/,
  // An event's lists, for the table: their pages say no-store until the reveal (below).
  /^\/events\/\d+\/submissions\/\d+\/((play|print)\/)?$/
];
// A page the server marks no-store is never kept, whatever its address: an event's
// lists before their reveal, every page of an event's organiser.
var NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;
var ACCOUNT = /<meta name="muster-account" content="([A-Za-z0-9]*)">/;
var SERVED = '<meta name="muster-served" content="network">';

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) {
        return cache.addAll([OFFLINE_URL].concat(PRECACHE).map(function (url) {
          return new Request(url, { cache: "reload" });
        }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("muster-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function currentAccount() {
  return caches.open(META_CACHE)
    .then(function (cache) { return cache.match(ACCOUNT_KEY); })
    .then(function (found) { return found ? found.text() : ""; });
}

function setAccount(account) {
  return caches.open(META_CACHE).then(function (cache) {
    return cache.put(ACCOUNT_KEY, new Response(account));
  });
}

function forgetPages(except) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PAGES_PREFIX) === 0 && name !== PAGES_PREFIX + except;
    }).map(function (name) { return caches.delete(name); }));
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "account" && /^[A-Za-z0-9]*$/.test(data.account || "")) {
    // Another account (or none) on this browser: the pages of any other are forgotten.
    event.waitUntil(setAccount(data.account).then(function () { return forgetPages(data.account); }));
  } else if (data.type === "forget") {
    event.waitUntil(setAccount("").then(function () { return forgetPages(null); }));
  }
});

function keepPage(request, response) {
  var copy = response.clone();
  return copy.text().then(function (html) {
    var found = ACCOUNT.exec(html);
    if (!found || !found[1]) { return; }
    var saved = new Date().toISOString();
    var marked = html.replace(SERVED, '<meta name="muster-served" content="cache:' + saved + '">');
    var headers = { "Content-Type": response.headers.get("Content-Type") || "text/html" };
    return currentAccount().then(function (account) {
      if (account && account !== found[1]) { return; }  // a page of an account forgotten
      return caches.open(PAGES_PREFIX + found[1]).then(function (cache) {
        return cache.put(request.url, new Response(marked, { headers: headers }));
      });
    });
  });
}

function keptPage(request) {
  return currentAccount().then(function (account) {
    if (!account) { return undefined; }
    return caches.open(PAGES_PREFIX + account).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true });
    });
  });
}

function offlinePage() {
  return caches.match(OFFLINE_URL, { cacheName: STATIC_CACHE }).then(function (found) {
    return found || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

function page(event) {
  var request = event.request;
  var path = new URL(request.url).pathname;
  var kept = KEPT_PAGES.some(function (pattern) { return pattern.test(path); });
  return fetch(request).then(function (response) {
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    var storable = !NO_STORE.test(response.headers.get("Cache-Control") || "");
    if (kept && storable && response.status === 200 && html && !response.redirected) {
      event.waitUntil(keepPage(request, response));
    }
    return response;
  }, function () {
    var found = kept ? keptPage(request) : Promise.resolve(undefined);
    return found.then(function (copy) { return copy || offlinePage(); });
  });
}

function staticFile(request) {
  return fetch(request).then(function (response) {
    if (response.status === 200) {
      var copy = response.clone();
      caches.open(STATIC_CACHE).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }, function () {
    return caches.match(request, { cacheName: STATIC_CACHE }).then(function (found) {
      return found || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;  // posts and other sites: the network's answer, or its failure, as it is
  }
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (new URL(request.url).pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(request));
  }
});
