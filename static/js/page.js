// What any page does with script, apart from the hand: the dealer fold, the screen kept
// awake, views brought into sight, notices that fade, the language picker, the circle's
// time zone.
import { nameDealer, ready, showPhase } from "./core.js";

// The dealer fold's summary names the dealer picked inside it.
document.addEventListener("change", function (event) {
  var input = event.target;
  var fold = input.closest && input.closest(".dealer-fold");
  if (!fold || input.type !== "radio") return;
  var label = input.closest("label");
  if (label) nameDealer(label);
});

// The dealer is named on the scoreboard; tapping the name opens the choice of dealer.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("[data-open-dealer]");
  var fold = document.getElementById("dealer");
  if (!link || !fold) return;
  event.preventDefault();
  fold.open = true;
  var section = fold.closest(".phase");
  var entry = fold.closest("#hand-form");
  if (section && entry && section.hidden) showPhase(entry, section.dataset.phase, true);
  fold.scrollIntoView({ block: "center" });
});

// A new game's seat shows a name longer than its box whole under it, as it is typed.
function showWhole(input) {
  var whole = document.querySelector('[data-whole-of="' + input.id + '"]');
  if (!whole) return;
  whole.textContent = input.value;
  whole.hidden = input.scrollWidth <= input.clientWidth;
}
function showEveryWhole() {
  Array.prototype.forEach.call(document.querySelectorAll("[data-whole-of]"), function (whole) {
    var input = document.getElementById(whole.dataset.wholeOf);
    if (input) showWhole(input);
  });
}
document.addEventListener("input", function (event) {
  if (event.target.id && event.target.closest && event.target.closest(".seat-box")) showWhole(event.target);
});
document.addEventListener("htmx:afterSettle", showEveryWhole);
showEveryWhole();

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
ready(wake);

// After a hand is saved the form is fresh: bring the scoreboard into view.
document.addEventListener("htmx:afterSwap", function (event) {
  if (event.detail && event.detail.target && event.detail.target.id === "play") {
    var board = document.getElementById("scoreboard");
    if (board) board.scrollIntoView({ block: "start", behavior: "smooth" });
  }
});

// A message that says why something was refused is brought into view.
document.addEventListener("htmx:afterSwap", function (event) {
  var target = event.detail && event.detail.target;
  var alert = target && target.querySelector && target.querySelector(".errors[role=alert], .errorlist, .notice.conflict");
  if (alert && alert.scrollIntoView) alert.scrollIntoView({ block: "center" });
});

// Notices that offer a quick Undo go away after a few seconds.
function fadeNotices() {
  Array.prototype.forEach.call(document.querySelectorAll(".notice[data-fade]"), function (notice) {
    if (notice.dataset.fading) return;
    notice.dataset.fading = "1";
    setTimeout(function () { notice.remove(); }, Number(notice.dataset.fade) * 1000);
  });
}
ready(fadeNotices);
document.addEventListener("htmx:afterSettle", fadeNotices);

// The language picker (templates/base.html) sends itself once a language is chosen with a
// finger or a mouse. A choice made with the keyboard's arrows waits for its button:
// stepping through the list must not leave the page at the first step.
var keyed = null;
document.addEventListener("keydown", function (event) {
  var picker = event.target.closest && event.target.closest("[data-language-picker]");
  keyed = picker ? event.target : null;
});
document.addEventListener("pointerdown", function () { keyed = null; });
document.addEventListener("change", function (event) {
  var form = event.target.closest && event.target.closest("[data-language-picker]");
  if (!form || event.target.name !== "language") return;
  if (keyed === event.target) return;
  if (form.requestSubmit) form.requestSubmit(); else form.submit();
});

// The circle's time zone, from this phone's clock: it decides which card night a game is in.
// Without script the circle keeps UTC until someone picks a zone in its settings.
function timeZone() {
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!zone) return;

  // Forms that create a circle, or tell a new circle where it is, carry the zone.
  Array.prototype.forEach.call(document.querySelectorAll("input[data-time-zone]"), function (input) {
    input.value = zone;
  });

  // A circle that has no zone yet takes this phone's, once, without leaving the page.
  var first = document.querySelector("form[data-first-time-zone]");
  if (first && window.fetch) {
    fetch(first.action, {
      method: "POST",
      body: new FormData(first),
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
    }).catch(function () {});
  }

  // The settings page says which zone this phone is in.
  var said = document.querySelector("[data-phone-zone]");
  var name = document.querySelector("[data-time-zone-name]");
  if (said && name) {
    name.textContent = zone;
    said.hidden = false;
  }
}
ready(timeZone);
