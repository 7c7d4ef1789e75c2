/* Installable and offline (static/js/sw.js is the service worker): registers it, tells
   it which account this page belongs to (so it keeps and shows only that account's pages,
   and forgets another's), forgets every kept page on logout, says "offline: read-only"
   with the save time on a page the service worker answered from its copy, and says that
   building and saving need the network instead of failing silently (nothing is queued). */
(function () {
  "use strict";
  var LAST_ACCOUNT = "muster-account";
  var PAGES_PREFIX = "muster-pages-";

  function meta(name) {
    var node = document.querySelector('meta[name="' + name + '"]');
    return node ? node.getAttribute("content") || "" : "";
  }
  var words = document.querySelector('meta[name="muster-offline"]');
  function word(name) { return words ? words.getAttribute("data-" + name) || "" : ""; }

  var served = meta("muster-served");
  var fromCopy = served.indexOf("cache:") === 0;
  var account = meta("muster-account");

  function forgetPages(except) {
    if (!window.caches) { return Promise.resolve(); }
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PAGES_PREFIX) === 0 && name !== PAGES_PREFIX + except;
      }).map(function (name) { return caches.delete(name); }));
    });
  }

  function tell(message) {
    if (!("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage(message); }
    });
  }

  function note(text, kind) {
    var box = document.querySelector("[data-offline-note]");
    if (!box) {
      box = document.createElement("p");
      box.setAttribute("data-offline-note", "");
      box.setAttribute("data-testid", "offline-note");
      box.setAttribute("role", "status");
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.className = "offline-note noprint " + (kind || "");
    box.textContent = text;
    box.hidden = false;
  }

  function offline() { return fromCopy || navigator.onLine === false; }

  function needsNetwork(event) {
    if (!offline()) { return false; }
    event.preventDefault();
    note(word("needs-network"), "needs-network");
    return true;
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // Without a service worker the pages work as before, online only.
    });
  }

  // A page answered from the copy on this device: read-only, and says when it was saved.
  if (fromCopy) {
    var saved = new Date(served.slice("cache:".length));
    var when = isNaN(saved) ? "" : saved.toLocaleString(document.documentElement.lang || undefined);
    document.addEventListener("DOMContentLoaded", function () {
      note(word("read-only").replace("%(time)s", when), "read-only");
    });
  } else if (served === "network") {
    // Another account than the last one on this browser: the other's pages are forgotten.
    var last = null;
    try { last = window.localStorage.getItem(LAST_ACCOUNT); } catch (e) { last = null; }
    if (last !== account) {
      forgetPages(account || null);
      try { window.localStorage.setItem(LAST_ACCOUNT, account); } catch (e) { /* private mode */ }
    }
    tell({ type: "account", account: account });
  }

  // Building and saving need the network: a form post or an htmx request while offline
  // says so and sends nothing (a failed htmx request says so too).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.getAttribute("data-logout") !== null) {
      event.preventDefault();
      try { window.localStorage.removeItem(LAST_ACCOUNT); } catch (e) { /* private mode */ }
      tell({ type: "forget" });
      forgetPages(null).then(function () { form.submit(); }, function () { form.submit(); });
      return;
    }
    if ((form.method || "").toLowerCase() === "post") { needsNetwork(event); }
  }, true);
  document.addEventListener("htmx:beforeRequest", needsNetwork);
  document.addEventListener("htmx:sendError", function () { note(word("needs-network"), "needs-network"); });
})();
