/* The play view's ticks (wounds, tokens, uses, models out): kept on this device only, in
   localStorage under the list's id and version (data-ticks-key), so a reload keeps them
   and nothing is sent. "New round" clears the tracks marked data-round (tokens spent in a
   round); "New game" clears them all. */
(function () {
  "use strict";
  var root = document.querySelector("[data-ticks-key]");
  if (!root) { return; }
  var key = root.getAttribute("data-ticks-key");
  var status = root.querySelector(".play-status");

  function boxes() { return root.querySelectorAll("input[data-tick]"); }

  function load() {
    try {
      var saved = JSON.parse(window.localStorage.getItem(key) || "[]");
      return Array.isArray(saved) ? saved : [];
    } catch (e) { return []; }
  }

  function save() {
    var ticked = [];
    boxes().forEach(function (box) { if (box.checked) { ticked.push(box.getAttribute("data-tick")); } });
    try {
      if (ticked.length) { window.localStorage.setItem(key, JSON.stringify(ticked)); }
      else { window.localStorage.removeItem(key); }
    } catch (e) {
      // A full or refused storage: the ticks still show, they just do not survive a reload.
      if (status) { status.textContent = status.getAttribute("data-unsaved") || ""; }
    }
  }

  function mark(box) {
    var model = box.closest(".play-model");
    if (model && box.closest("[data-track=out]")) { model.classList.toggle("is-out", box.checked); }
  }

  var ticked = new Set(load());
  boxes().forEach(function (box) {
    box.checked = ticked.has(box.getAttribute("data-tick"));
    mark(box);
  });

  root.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input[data-tick]")) { return; }
    mark(box);
    save();
  });

  root.querySelectorAll("[data-play-reset]").forEach(function (button) {
    button.addEventListener("click", function () {
      var round = button.getAttribute("data-play-reset") === "round";
      var question = button.getAttribute("data-confirm");
      if (question && !window.confirm(question)) { return; }
      boxes().forEach(function (box) {
        if (!round || box.closest("[data-round]")) { box.checked = false; mark(box); }
      });
      save();
    });
  });
})();
