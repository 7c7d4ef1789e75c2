// The builder's focus across its answers (loaded by builder.html after muster.js, which
// sends the edits). Without JavaScript the page reloads and the browser's own autofocus
// (the removal question's Keep) is all there is.
(function () {
  "use strict";

  // An answer replaces the whole builder, so the control that had focus is gone and the
  // browser would put focus on the page's body (the next Tab then jumps to the footer).
  // Its twin in the new builder is found by a stable key: data-focus (the entry's id and
  // the control's role, "e.<id>.remove"), else the control's id, action, or name and value.
  // A control no longer there gives way to the control at the same place in its entry, an
  // entry no longer there to the entry that took its place: never the body. A control with
  // data-focus-after (the answers of a question) hands focus on to the control it names.
  var FOCUSABLE = "input:not([type=hidden]), select, textarea, button, a[href], summary, [tabindex]";
  var clicked = null;
  var focusWas = null;
  var openWas = {};

  function focusKey(el) {
    if (el.dataset.focus) return el.dataset.focus;
    if (el.id) return "#" + el.id;
    if (el.matches("button[name=action]")) return "action=" + el.value;
    if (el.name && (el.type === "checkbox" || el.type === "radio")) return el.name + "=" + el.value;
    if (el.matches("a[href]")) return "href=" + el.getAttribute("href");
    return null;
  }
  function owners(root) { return root.querySelectorAll("[data-entry-id], [data-pick-id]"); }
  function ownerKey(el) {
    return el.dataset.entryId !== undefined ? "e." + el.dataset.entryId : "a." + el.dataset.pickId;
  }
  // What Tab would reach: enabled, shown (not in a closed <details>), in the tab order.
  function controls(root) {
    return Array.prototype.filter.call(root.querySelectorAll(FOCUSABLE), function (el) {
      return !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0;
    });
  }
  function indexOf(list, el) { return Array.prototype.indexOf.call(list, el); }

  function remember(root, el) {
    var key = el.dataset.focusAfter || focusKey(el);
    var all = controls(root);
    var same = all.filter(function (c) { return focusKey(c) === key; });
    var own = el.closest("[data-entry-id], [data-pick-id]");
    return {
      key: key,
      nth: Math.max(0, indexOf(same, el)),
      at: indexOf(all, el),
      owner: own ? ownerKey(own) : null,
      ownerAt: own ? indexOf(owners(root), own) : -1,
      inOwner: own ? indexOf(controls(own), el) : -1
    };
  }

  function twin(root, was) {
    var all = controls(root);
    var same = all.filter(function (c) { return focusKey(c) === was.key; });
    if (same.length) return same[Math.min(was.nth, same.length - 1)];
    if (was.owner) {
      var list = Array.prototype.filter.call(owners(root), function (o) {
        return ownerKey(o).charAt(0) === was.owner.charAt(0);
      });
      var own = list.filter(function (o) { return ownerKey(o) === was.owner; })[0];
      if (own) {
        var inside = controls(own);
        return inside.length ? inside[Math.min(Math.max(was.inOwner, 0), inside.length - 1)] : own;
      }
      // The entry is gone (removed): the one now in its place, else the one before it.
      if (list.length) return list[Math.min(was.ownerAt, list.length - 1)];
    } else if (was.at >= 0 && all.length) {
      return all[Math.min(was.at, all.length - 1)];
    }
    return document.getElementById("list-heading") || root;
  }

  document.addEventListener("htmx:beforeSwap", function (e) {
    var root = document.getElementById("builder");
    // (muster.js swaps its answers into the shell around the builder)
    if (!root || (e.detail.target !== root && e.detail.target !== root.parentNode)) return;
    var active = document.activeElement;
    var from = clicked && root.contains(clicked) ? clicked : active;
    clicked = null;
    focusWas = from && from !== root && root.contains(from) ? remember(root, from) : null;
    openWas = {};
    root.querySelectorAll("details > summary[data-focus]").forEach(function (s) {
      openWas[s.dataset.focus] = s.parentNode.open;
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var root = document.getElementById("builder");
    if (!root) return;
    // Sections the player opened or closed stay so (a new entry's as the server says).
    root.querySelectorAll("details > summary[data-focus]").forEach(function (s) {
      if (openWas[s.dataset.focus] !== undefined) s.parentNode.open = openWas[s.dataset.focus];
    });
    var was = focusWas;
    focusWas = null;
    if (!was || root.querySelector("[autofocus]")) return;
    var active = document.activeElement;
    if (active && root.contains(active) && active !== root && focusKey(active) === was.key) return;
    twin(root, was).focus();
  });
  // A question the answer asks (autofocus on its safe button, which htmx focuses) is shown
  // where it can be read, even when the entry it is about is far down the page.
  document.addEventListener("htmx:afterSettle", function () {
    var asked = document.querySelector("#builder [autofocus]");
    if (!asked) return;
    if (document.activeElement !== asked) asked.focus({ preventScroll: true });
    (asked.closest("[role=alertdialog]") || asked).scrollIntoView({ block: "center" });
  });
  window.addEventListener("load", function () {
    var asked = document.querySelector("#builder [autofocus]");
    if (asked) (asked.closest("[role=alertdialog]") || asked).scrollIntoView({ block: "center" });
  });
  document.addEventListener("htmx:sendError", function () { clicked = null; });
  document.addEventListener("htmx:responseError", function () { clicked = null; });
  // Some browsers do not focus a clicked button: the button pressed is where focus was.
  document.addEventListener("click", function (e) {
    var button = e.target.closest("form[data-builder] button[name=action]");
    if (button && !button.disabled) clicked = button;
  }, true);
})();
