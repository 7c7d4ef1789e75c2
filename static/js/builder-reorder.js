// Reordering entries in the builder without the "More" menu: Alt+ArrowUp / Alt+ArrowDown
// on anything inside an entry presses that entry's Move up / Move down button, and an
// entry dragged by its handle and dropped on another sends "move:<id>:<id>" (before that
// entry; "move:<id>:" last). Both are the builder's ordinary edits, named by entry ids,
// so Undo takes them back; without this script the Move up / Move down buttons do it.
(function () {
  "use strict";

  function entryOf(el) {
    return el && el.closest ? el.closest("form[data-builder] article.entry[data-entry-id]") : null;
  }

  function press(form, value) {
    // A button of the form, so the builder's own click handling (or a plain submit) sends it.
    var button = document.createElement("button");
    button.name = "action";
    button.value = value;
    button.hidden = true;
    form.appendChild(button);
    button.click();
    button.remove();
  }

  document.addEventListener("keydown", function (e) {
    if (!e.altKey || e.ctrlKey || e.metaKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    var entry = entryOf(e.target);
    if (!entry) return;
    var verb = e.key === "ArrowUp" ? "up" : "down";
    var button = entry.querySelector('button[name=action][value="' + verb + ":" + entry.dataset.entryId + '"]');
    e.preventDefault();
    if (button && !button.disabled) button.click();
  });

  var dragged = null;

  function addHandles(root) {
    root.querySelectorAll("form[data-builder] article.entry[data-entry-id]").forEach(function (entry) {
      if (entry.querySelector(".drag-handle")) return;
      var handle = document.createElement("span");
      handle.className = "drag-handle";
      handle.draggable = true;
      handle.textContent = "⠿";
      handle.title = entry.closest("form").dataset.dragTitle || "";
      handle.setAttribute("aria-hidden", "true"); // the keyboard way is Alt+arrows
      handle.dataset.testid = "drag-handle";
      entry.insertBefore(handle, entry.firstChild);
    });
  }

  document.addEventListener("dragstart", function (e) {
    if (!e.target.classList || !e.target.classList.contains("drag-handle")) return;
    dragged = entryOf(e.target);
    if (!dragged) return;
    e.dataTransfer.effectAllowed = "move";
    e.dataTransfer.setData("text/plain", dragged.dataset.entryId);
    dragged.classList.add("dragging");
  });

  document.addEventListener("dragover", function (e) {
    var target = entryOf(e.target);
    if (!dragged || !target) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
  });

  document.addEventListener("dragend", function () {
    if (dragged) dragged.classList.remove("dragging");
    dragged = null;
  });

  document.addEventListener("drop", function (e) {
    var target = entryOf(e.target);
    if (!dragged || !target) return;
    e.preventDefault();
    var moving = dragged;
    moving.classList.remove("dragging");
    dragged = null;
    if (target === moving) return;
    // The upper half of an entry: before it; the lower half: before the one after it.
    var box = target.getBoundingClientRect();
    var before = target;
    if (e.clientY > box.top + box.height / 2) {
      before = target.nextElementSibling;
      while (before && !before.matches("article.entry[data-entry-id]")) before = before.nextElementSibling;
    }
    var beforeId = before ? before.dataset.entryId : "";
    if (beforeId === moving.dataset.entryId) return;
    press(target.closest("form"), "move:" + moving.dataset.entryId + ":" + beforeId);
  });

  document.addEventListener("DOMContentLoaded", function () { addHandles(document); });
  document.addEventListener("htmx:afterSettle", function () { addHandles(document); });
})();
