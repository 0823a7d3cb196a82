// Scorer's few behaviours that need script. Everything works without it; this only helps.
// This file is all the page loads of it before it has loaded (templates/base.html): the
// features come after, one module each, sharing only core.js (the hand being entered, a
// small bus) and words.js (the page's words). The service worker keeps every one of them
// (games/pwa.py, SHELL), and their names carry their digest in production
// (scorer/static_storage.py rewrites the imports below).

// With script, the meld calculator's cells are tapped rather than typed into.
document.documentElement.classList.add("js");

// Nothing waits on the network without signal: the preview (asked for as soon as htmx has
// the page, before the features are in) and the polls rest.
document.addEventListener("htmx:beforeRequest", function (event) {
  if (!navigator.onLine) event.preventDefault();
});

function features() {
  return Promise.all([
    import("./page.js"),
    import("./connection.js"),
    import("./phases.js"),
    import("./pads.js"),
    import("./rows.js"),
    import("./preview.js"),
    import("./sync.js"),
    import("./outbox.js"),
  ]);
}

// Once they are all in, the page says so (html[data-ready]); a module that could not load
// (no signal, and not kept on the phone) leaves the page as it is without script.
function start() {
  var done = function () { document.documentElement.dataset.ready = ""; };
  features().then(done, done);
}
if (document.readyState === "complete") start();
else window.addEventListener("load", start);
