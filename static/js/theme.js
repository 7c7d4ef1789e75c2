/* Light or dark: the system's setting, unless the header's switch chose one (kept in
   localStorage as "muster-theme": "light" or "dark"; absent: follow the system). Loaded
   in <head> without defer, so <html data-theme> is set before the page paints (no flash of
   the other theme); the switch itself is wired once the page is read. */
(function () {
  "use strict";
  var KEY = "muster-theme";
  var root = document.documentElement;

  function stored() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : null;
    } catch (e) { return null; }
  }

  function apply(choice) {
    if (choice) { root.setAttribute("data-theme", choice); } else { root.removeAttribute("data-theme"); }
  }

  apply(stored());

  function label(button) {
    var choice = stored() || "auto";
    button.textContent = button.getAttribute("data-label-" + choice);
    button.setAttribute("data-choice", choice);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-theme-switch]");
    if (!button) { return; }
    button.hidden = false;
    label(button);
    button.addEventListener("click", function () {
      // auto -> dark -> light -> auto: every state reachable with one button.
      var next = { auto: "dark", dark: "light", light: null }[stored() || "auto"];
      try {
        if (next) { window.localStorage.setItem(KEY, next); } else { window.localStorage.removeItem(KEY); }
      } catch (e) { /* storage refused: the choice holds for this page only */ }
      apply(next);
      label(button);
    });
  });
})();
