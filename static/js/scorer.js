// Scorer's few behaviours that need script. Everything works without it; this only helps.
(function () {
  "use strict";
  // With script, the meld calculator's cells are tapped rather than typed into.
  document.documentElement.classList.add("js");

  // Card points: typing one team's points fills in the other's (total − x).
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.other) return;
    var group = input.closest("[data-total]");
    var other = document.getElementById(input.dataset.other);
    if (!group || !other) return;
    var total = parseInt(group.dataset.total, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) return;
    if (value >= 0 && value <= total) other.value = String(total - value);
  });

  // The dealer fold's summary names the dealer picked inside it.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var fold = input.closest && input.closest(".dealer-fold");
    if (!fold || input.type !== "radio") return;
    var name = fold.querySelector(".dealer-name");
    var label = input.closest("label");
    if (name && label) name.textContent = label.textContent.trim();
  });

  // Steppers: −5 / +5 beside a number field.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step]");
    if (!button) return;
    var input = document.getElementById(button.dataset.for);
    if (!input) return;
    var step = parseInt(button.dataset.step, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = parseInt(input.placeholder || input.min || "0", 10) - step;
    var next = value + step;
    if (input.min !== "" && next < parseInt(input.min, 10)) next = parseInt(input.min, 10);
    if (input.max !== "" && next > parseInt(input.max, 10)) next = parseInt(input.max, 10);
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Meld calculator: tapping a card adds a copy (up to four, then back to none).
  document.addEventListener("click", function (event) {
    var cell = event.target.closest && event.target.closest("[data-cycle]");
    if (!cell || event.target.tagName === "INPUT") return;
    event.preventDefault();
    var input = cell.querySelector("input");
    var value = (parseInt(input.value, 10) || 0) + 1;
    input.value = String(value > 4 ? 0 : value);
    cell.classList.toggle("held", input.value !== "0");
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Points that add up to a total: typing the others fills in the last one.
  document.addEventListener("input", function (event) {
    var group = event.target.closest && event.target.closest("[data-sum]");
    if (!group || event.target.type !== "number") return;
    var inputs = Array.prototype.slice.call(group.querySelectorAll("input[type=number]"));
    var rest = inputs[inputs.length - 1];
    if (event.target === rest) return;
    var sum = 0;
    for (var i = 0; i < inputs.length - 1; i++) {
      var value = parseInt(inputs[i].value, 10);
      if (isNaN(value)) { if (inputs[i].name.indexOf("gomu") === -1) return; value = 0; }
      sum += value;
    }
    var left = parseInt(group.dataset.sum, 10) - sum;
    if (left >= 0) rest.value = String(left);
  });

  // Declaration rows: show the rows in use and one empty row to add the next announcement;
  // a row's kind hides the columns it does not use (a four has a rank, a marriage a suit).
  function tidyRows(root) {
    var groups = (root || document).querySelectorAll("[data-rows]");
    for (var g = 0; g < groups.length; g++) {
      var rows = groups[g].querySelectorAll("[data-row]");
      var shownEmpty = false;
      for (var r = 0; r < rows.length; r++) {
        var selects = rows[r].querySelectorAll("select");
        var used = false;
        for (var i = 0; i < selects.length; i++) if (selects[i].value) used = true;
        var kind = rows[r].querySelector(".part-kind select");
        rows[r].dataset.kind = kind ? kind.value : "sequence";
        rows[r].hidden = !used && shownEmpty;
        if (!used) shownEmpty = true;
      }
    }
  }
  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("[data-rows]")) tidyRows();
  });
  // A chip fills the next empty row with its player and kind, ready for the details.
  document.addEventListener("click", function (event) {
    var chip = event.target.closest && event.target.closest("[data-add-seat]");
    if (!chip) return;
    var rows = chip.closest("[data-rows]").querySelectorAll("[data-row]");
    for (var r = 0; r < rows.length; r++) {
      var seat = rows[r].querySelector(".part-seat select");
      if (seat.value) continue;
      seat.value = chip.dataset.addSeat;
      var kind = rows[r].querySelector(".part-kind select");
      if (kind) kind.value = chip.dataset.addKind;
      seat.dispatchEvent(new Event("change", { bubbles: true }));
      var next = rows[r].querySelector(kind ? ".part-length select" : ".part-length select");
      if (chip.dataset.addKind === "four") next = rows[r].querySelector(".part-top select");
      if (chip.dataset.addKind === "marriage") next = rows[r].querySelector(".part-suit select");
      if (next) next.focus();
      return;
    }
  });
  document.addEventListener("DOMContentLoaded", function () { tidyRows(); });
  document.addEventListener("htmx:afterSettle", function () { tidyRows(); });

  document.addEventListener("focusin", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-select-on-focus")) {
      event.target.select();
    }
  });

  // Keep the screen awake while a game page is open; the lock is dropped when the page is
  // hidden, so take it again when the page becomes visible.
  var lock = null;
  function wake() {
    if (!document.body || !document.body.hasAttribute("data-wake-lock")) return;
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { /* refused (battery saver, no permission): nothing to do */ });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) wake();
  });
  document.addEventListener("DOMContentLoaded", wake);

  // After a hand is saved the form is fresh: bring the scoreboard into view.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "play") {
      var board = document.getElementById("scoreboard");
      if (board) board.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  });
})();
