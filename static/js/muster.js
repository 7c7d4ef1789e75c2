// Muster's small enhancements. Every page works without this file: without JavaScript a
// builder edit is a plain form post. With it, the builder sends each edit on its own and
// swaps in the answer (htmx), and nothing happens that the player did not ask for: focus
// moving (Tab, Shift+Tab) never presses a button, Enter in a field only applies it.
(function () {
  "use strict";

  // -- the card search -----------------------------------------------------------------
  function applyFilter(input) {
    var needle = input.value.trim().toLowerCase();
    document.querySelectorAll(input.dataset.filter).forEach(function (el) {
      el.hidden = needle !== "" && (el.dataset.name || "").indexOf(needle) === -1;
    });
  }
  document.addEventListener("input", function (e) {
    if (e.target.matches("input[data-filter]")) applyFilter(e.target);
  });

  // -- the builder -----------------------------------------------------------------------
  function shell() { return document.querySelector("[data-builder-shell]"); }
  function builderForm() { return document.querySelector("form[data-builder]"); }

  function isDirty(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) {
        return o.selected !== o.defaultSelected;
      });
    }
    return el.value !== el.defaultValue;
  }

  // A field's value as a plain post sends it (null: a post would not send it).
  function postedValue(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked ? el.value : null;
    if (el.tagName === "SELECT" && el.multiple) {
      return Array.prototype.filter.call(el.options, function (o) { return o.selected; })
        .map(function (o) { return o.value; });
    }
    return el.value;
  }

  // The fields this edit changes: every changed field, and with a changed field of a group
  // every control of that group, as a plain post sends them (the server reads a group as a
  // whole: which boxes are unticked, a custom unit's every field, its unit type included).
  function changedValues(form) {
    var values = {};
    var groups = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.closest("[data-nopost]")) return;
      if (el.tagName === "BUTTON" || el.type === "submit" || el.type === "hidden") return;
      if (!isDirty(el)) return;
      var group = el.closest("[data-group]");
      if (group) { groups[group.dataset.group] = group; return; }
      values[el.name] = el.value;
    });
    Object.keys(groups).forEach(function (key) {
      groups[key].querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
        if (el.disabled) return;
        var value = postedValue(el);
        if (value === null) return;
        if (el.type === "checkbox" || Array.isArray(value)) {
          values[el.name] = (values[el.name] || []).concat(value);
        } else {
          values[el.name] = value;
        }
      });
    });
    return values;
  }

  // One channel for every builder request: queued on the shell (which is never swapped),
  // each carrying the changed fields and at most one action.
  // What the page shows, sent with every request: its revision, the saved version its
  // edits start from, and the steps its Undo and Redo offer (by id).
  var PAGE_STATE = ["rev", "base_version", "undo_step", "redo_step"].map(function (name) {
    return "input[type=hidden][name=" + name + "]";
  }).join(", ");
  var sentNames = {};
  function send(action, extra) {
    var form = builderForm();
    var root = shell();
    if (!form || !root) return;
    var values = changedValues(form);
    form.querySelectorAll(PAGE_STATE).forEach(function (el) { values[el.name] = el.value; });
    if (action) values.action = action;
    Object.keys(extra || {}).forEach(function (k) { values[k] = extra[k]; });
    Object.keys(values).forEach(function (k) { sentNames[k] = true; });
    // The answer goes into the shell, which is never swapped: a request queued behind
    // another still lands on the page (a "#builder" resolved now would be gone by then).
    htmx.ajax("POST", form.getAttribute("action"), {
      source: root, target: root, swap: "innerHTML", values: values
    });
  }

  document.addEventListener("change", function (e) {
    var form = builderForm();
    if (!form || !form.contains(e.target) || e.target.closest("[data-nopost]")) return;
    if (e.target.matches("input[data-filter]")) return;
    send("update");
  });

  // Buttons act on a click (or Enter/Space on the button itself), never on focus.
  document.addEventListener("click", function (e) {
    var button = e.target.closest("form[data-builder] button[name=action]");
    if (!button || button.disabled) return;
    e.preventDefault();
    var values = {};
    if (button.value === "add_custom") {
      button.closest("[data-nopost]").querySelectorAll("[name]").forEach(function (el) {
        values[el.name] = el.value;
      });
    }
    send(button.value, values);
  });

  document.addEventListener("keydown", function (e) {
    var form = builderForm();
    if (e.key === "Enter" && form && form.contains(e.target) && e.target.matches("input")) {
      // Enter applies the field (or, in the custom-unit form, adds the unit); it never
      // presses another button.
      e.preventDefault();
      var nopost = e.target.closest("[data-nopost]");
      var button = nopost && nopost.querySelector("button[name=action]");
      if (button) button.click();
      else if (isDirty(e.target)) send("update");
      return;
    }
    // Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac) undo and redo the builder's edits; in a field
    // with typing of its own not yet applied, the browser's own undo goes first.
    if (!form || !(e.ctrlKey || e.metaKey) || e.altKey) return;
    var key = e.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    var typing = e.target.matches("input, textarea") && isDirty(e.target);
    if (typing) return;
    var redo = key === "y" || e.shiftKey;
    var button = form.querySelector(redo ? "button.redo" : "button.undo");
    e.preventDefault();
    if (button && !button.disabled) send(redo ? "redo" : "undo");
  });

  // A request that waited in the queue leaves with what the page shows by then (the
  // answer before it moved it on): an Undo names the step the player sees on its button.
  document.addEventListener("htmx:configRequest", function (e) {
    var root = shell();
    var form = builderForm();
    if (!root || !form || e.detail.elt !== root) return;
    form.querySelectorAll(PAGE_STATE).forEach(function (el) {
      e.detail.parameters[el.name] = el.value;
    });
  });

  // Typing that was not sent yet survives an answer that arrives meanwhile (the card
  // search too); what was sent comes back from the server as it is now.
  var pending = {};
  document.addEventListener("htmx:beforeSwap", function (e) {
    pending = {};
    var form = builderForm();
    if (!form || e.detail.target !== shell()) return;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !el.id || el.type === "checkbox" || el.tagName === "BUTTON") return;
      var search = el.matches("input[data-filter]");
      if (!search && (el.closest("[data-nopost]") || sentNames[el.name])) return;
      if (isDirty(el)) pending[el.id] = el.value;
    });
    sentNames = {};
  });
  document.addEventListener("htmx:afterSettle", function () {
    Object.keys(pending).forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.value = pending[id];
    });
    pending = {};
    document.querySelectorAll("input[data-filter]").forEach(applyFilter);
  });

  // A saved list's address, after the first save or a save as new, is the list's own.
  var leaving = false;
  document.addEventListener("htmx:beforeOnLoad", function (e) {
    if (e.detail.xhr && e.detail.xhr.getResponseHeader("HX-Redirect")) leaving = true;
  });
  // Unsaved edits: ask before leaving the page (they are kept on the server, but not
  // saved to the list).
  window.addEventListener("beforeunload", function (e) {
    if (leaving) return;
    var builder = document.querySelector("#builder[data-unsaved=true]");
    if (builder && builder.querySelector("[data-testid=entry], [data-testid=special-action]")) {
      e.preventDefault();
      e.returnValue = "";
    }
  });
  document.addEventListener("submit", function () { leaving = true; });

  // -- copy and share ----------------------------------------------------------------------
  document.addEventListener("focusin", function (e) {
    if (e.target.matches("input[data-copy]")) e.target.select();
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-copy-from]");
    if (!button) return;
    var source = document.getElementById(button.dataset.copyFrom);
    var text = source.value !== undefined ? source.value : source.textContent;
    // The status beside the button (role=status) says it, in the page's language.
    var status = button.parentElement.querySelector("[data-copied-text]");
    var done = function () {
      button.dataset.copied = "true";
      if (status) status.textContent = status.dataset.copiedText;
    };
    // Without the clipboard: the text shown and selected, for Ctrl+C.
    var select = function () {
      var details = source.closest("details");
      if (details) details.open = true;
      source.select();
    };
    if (navigator.share && window.matchMedia("(pointer: coarse)").matches && button.dataset.shareTitle !== undefined) {
      navigator.share({ title: button.dataset.shareTitle, url: text }).then(function () {
        button.dataset.copied = "true";
      }, function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(text).then(done, select);
    } else {
      select();
    }
  });

  // -- small forms that apply themselves (the card page's items) ------------------------
  document.addEventListener("change", function (e) {
    var form = e.target.closest("form[data-autosubmit]");
    if (form) form.submit();
  });
})();
