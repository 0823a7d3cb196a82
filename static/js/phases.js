// Phases: before play, during play, after play; one on screen at a time. The step shown is
// kept for the tab (sessionStorage), so a page opened again shows the step left.
import { LANG, say } from "./words.js";
import { ready } from "./core.js";

function phaseKey(section) { return "scorer-phase:" + section.dataset.token; }

export function showPhase(section, key, remember) {
  var phases = section.querySelectorAll(".phase");
  if (!phases.length) return;
  var keys = Array.prototype.map.call(phases, function (p) { return p.dataset.phase; });
  if (keys.indexOf(key) === -1) key = keys[0];
  section.dataset.now = key;
  Array.prototype.forEach.call(phases, function (p) { p.hidden = p.dataset.phase !== key; });
  Array.prototype.forEach.call(section.querySelectorAll("[data-goto]"), function (tab) {
    tab.setAttribute("aria-current", tab.dataset.goto === key ? "step" : "false");
  });
  var index = keys.indexOf(key);
  var next = section.querySelector("[data-next]");
  var save = section.querySelector("button.save");
  var last = index === keys.length - 1;
  if (next) {
    next.hidden = last;
    if (!last) {
      var step = section.querySelector('[data-goto="' + keys[index + 1] + '"]').dataset.title || "";
      next.textContent = say("next", { step: step.toLocaleLowerCase(LANG) });
    }
  }
  if (save) save.hidden = !last;
  if (remember) { try { sessionStorage.setItem(phaseKey(section), key); } catch (e) { /* private mode */ } }
}

function setUpPhases() {
  var section = document.querySelector("#hand-form.phased");
  if (!section || section.dataset.ready === section.dataset.token) return;
  section.dataset.ready = section.dataset.token;
  var saved = null;
  try { saved = sessionStorage.getItem(phaseKey(section)); } catch (e) { /* private mode */ }
  var asked = new URLSearchParams(location.search).get("phase");  // e.g. back from the helper
  showPhase(section, section.dataset.errors || asked || saved || "before", !!asked);
}
ready(setUpPhases);
document.addEventListener("htmx:afterSettle", setUpPhases);

document.addEventListener("click", function (event) {
  var tab = event.target.closest && event.target.closest("[data-goto]");
  var section = tab && tab.closest("#hand-form");
  if (tab && section) { showPhase(section, tab.dataset.goto, true); return; }
  var next = event.target.closest && event.target.closest("[data-next]");
  section = next && next.closest("#hand-form");
  if (!next || !section) return;
  var keys = Array.prototype.map.call(section.querySelectorAll(".phase"), function (p) { return p.dataset.phase; });
  showPhase(section, keys[keys.indexOf(section.dataset.now) + 1], true);
  section.scrollIntoView({ block: "start" });
});
