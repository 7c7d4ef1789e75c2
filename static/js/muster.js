// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // Filter the card catalogue as the player types (search input with data-filter).
  function applyFilter(input) {
    var needle = input.value.trim().toLowerCase();
    document.querySelectorAll(input.dataset.filter).forEach(function (el) {
      el.hidden = needle !== "" && (el.dataset.name || "").indexOf(needle) === -1;
    });
  }
  document.addEventListener("input", function (e) {
    if (e.target.matches("input[data-filter]")) applyFilter(e.target);
  });
  // Keep the filter applied after htmx swaps the builder.
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("input[data-filter]").forEach(applyFilter);
  });
  // The search box filters on the client, and a half-typed custom unit ([data-nopost])
  // waits for its own button: neither posts the builder form on change.
  document.addEventListener("change", function (e) {
    if (e.target.matches("input[data-filter]") || e.target.closest("[data-nopost]")) {
      e.stopPropagation();
    }
  }, true);
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Enter") return;
    if (e.target.matches("input[data-filter]")) e.preventDefault();
    // Enter in the custom-unit form adds the unit (its own button), not a recalculation.
    var group = e.target.matches("input") && e.target.closest("[data-nopost]");
    var button = group && group.querySelector("button[name=action]");
    if (button) {
      e.preventDefault();
      button.click();
    }
  });
  // A value the browser refuses (count 0): say so instead of silently not updating.
  document.addEventListener("htmx:validation:failed", function (e) {
    if (e.target.reportValidity) e.target.reportValidity();
  });
  // Select the share link on focus so it can be copied at once.
  document.addEventListener("focusin", function (e) {
    if (e.target.matches("input[data-copy]")) e.target.select();
  });
})();
