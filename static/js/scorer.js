// Scorer's few behaviours that need script. Everything works without it; this only helps.
// This file is all the page loads of it before it has loaded (templates/base.html): the
// steps of the hand, on the first paint, are here; the other features come after, one
// module each, sharing only core.js (the hand being entered, a small bus) and words.js (the
// page's words). The service worker keeps every one of them (games/views/pwa.py, SHELL), and
// their names carry their digest in production (scorer/static_storage.py rewrites the
// imports below).

// With script, the meld calculator's cells are tapped rather than typed into.
document.documentElement.classList.add("js");

// ---- Phases: before play, during play, after play; one on screen at a time. They are on
// the first paint, so they come with the entry; the step shown is kept for the tab
// (sessionStorage), so a page opened again shows the step left.
var LANG = document.documentElement.lang || "en";
// The one word the steps write ("Next: after play →"), from the page's words (words.js
// reads them for the modules).
function nextLabel(step) {
  var block = document.getElementById("scorer-words");
  var text = "";
  try { text = (block && JSON.parse(block.textContent).next) || ""; } catch (e) { /* none */ }
  return String(text).replace(/%\(step\)s|%%/g, function (all) { return all === "%%" ? "%" : step; });
}
function phaseKey(section) { return "scorer-phase:" + section.dataset.token; }

function showPhase(section, key, remember) {
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
      next.textContent = nextLabel(step.toLocaleLowerCase(LANG));
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
setUpPhases();
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
// Another feature asks for a step (core.js, showPhase).
document.addEventListener("scorer:phase", function (event) {
  var section = event.target.closest && event.target.closest("#hand-form");
  if (section) showPhase(section, event.detail.key, event.detail.remember);
});

// Nothing waits on the network without signal: the polls rest.
document.addEventListener("htmx:beforeRequest", function (event) {
  if (!navigator.onLine) event.preventDefault();
});

function features() {
  return Promise.all([
    import("./page.js"),
    import("./connection.js"),
    import("./pads.js"),
    import("./rows.js"),
    import("./preview.js"),
    import("./stream.js"),
    import("./sync.js"),
    import("./outbox.js"),
  ]);
}

// htmx comes after the page has loaded too (base.html names it): until it is in, a form is
// sent as it is without script. The features use it, so they come after it.
function htmxIn() {
  return new Promise(function (resolve) {
    var entry = document.querySelector("script[data-htmx]");
    if (window.htmx || !entry) { resolve(); return; }
    var script = document.createElement("script");
    script.src = entry.dataset.htmx;
    script.onload = script.onerror = function () { resolve(); };
    document.head.appendChild(script);
  });
}

// Once they are all in, the page says so (html[data-ready]); a module that could not load
// (no signal, and not kept on the phone) leaves the page as it is without script.
function start() {
  var done = function () { document.documentElement.dataset.ready = ""; };
  htmxIn().then(features).then(done, done);
}
if (document.readyState === "complete") start();
else window.addEventListener("load", start);
