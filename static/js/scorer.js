// Scorer's few behaviours that need script. Everything works without it; this only helps.
(function () {
  "use strict";

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
