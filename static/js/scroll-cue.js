/* A table wider than the screen scrolls sideways in its box (.play-stats, .table-wrap):
   the box says so. data-scrolls is "end" while columns wait to the right, "start" when
   they wait to the left, "both" in between, and absent when the table fits; the CSS fades
   that side (static/css/muster.css, "scroll cue"). Kept up to date on scroll, on resize
   and after htmx swaps part of a page. */
(function () {
  "use strict";
  var BOXES = ".play-stats, .table-wrap";

  function mark(box) {
    var room = box.scrollWidth - box.clientWidth;
    var side = "";
    if (room > 1) {
      var left = box.scrollLeft > 1;
      var right = box.scrollLeft < room - 1;
      side = left && right ? "both" : left ? "start" : right ? "end" : "";
    }
    if (side) {
      box.setAttribute("data-scrolls", side);
    } else {
      box.removeAttribute("data-scrolls");
    }
  }

  function markAll() {
    var boxes = document.querySelectorAll(BOXES);
    for (var i = 0; i < boxes.length; i++) { mark(boxes[i]); }
  }

  // scroll does not bubble: listen in the capture phase, once, for every box.
  document.addEventListener("scroll", function (event) {
    var box = event.target;
    if (box && box.matches && box.matches(BOXES)) { mark(box); }
  }, true);
  window.addEventListener("resize", markAll);
  document.addEventListener("htmx:afterSettle", markAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", markAll);
  } else {
    markAll();
  }
  window.addEventListener("load", markAll);  // after the fonts: widths may change
})();
