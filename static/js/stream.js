// The page's event stream (games/views/streams.py): the server says when the game (or the
// night) changed, instead of every phone asking every 2 s. A page opts in with an element
// carrying data-stream="<the stream's URL>"; each change is told to that element as a
// "scorer:changed" event whose detail.text is what the server said ("v12", "d40", "s7"), and
// the page fetches what changed exactly as its poll does; or, when the event carries what
// changed (detail.carried: the lines after the first, a tap's scoreboard and hand in
// progress), puts that in without asking (sync.js). An element with data-stamp (a night's)
// is not told of a first event that names the stamp it shows.
//
// The stream counts as open only once its first event came: behind a proxy that buffers it,
// or where it is refused (204, 404) or EventSource is missing, it never does, and the polls
// go on as before (`streaming()` is false). When it drops, the polls take over and it
// connects again, waiting longer each time (1 s, 2 s, … 60 s); its first event then says
// where the game stands, so the page asks once for what it missed. htmx polls of an element
// with data-stream (hx-trigger="every 20s, scorer:changed") stand down while it is open.
var source = null;
var url = null;
var open = false;
var wait = 1000;
var timer = null;

export function streaming() { return open; }
// The page says whether its stream is open (html[data-streaming]), for a look and for tests.
function opened(now) {
  open = now;
  if (now) document.documentElement.dataset.streaming = "";
  else delete document.documentElement.dataset.streaming;
}

function holder() {
  var found = document.querySelectorAll("[data-stream]");
  for (var i = 0; i < found.length; i++) if (found[i].dataset.stream === url) return found[i];
  return null;
}

function close() {
  if (source) source.close();
  source = null;
  opened(false);
  clearTimeout(timer);
  timer = null;
}

function connect() {
  timer = null;
  if (!url || source || !window.EventSource || !navigator.onLine) return;
  var first = true;
  var current = new EventSource(url);
  source = current;
  current.onmessage = function (message) {
    if (current !== source) return;
    if (!open) opened(true);
    wait = 1000;
    var el = holder();
    var data = String(message.data || "");
    var cut = data.indexOf("\n");
    var text = cut === -1 ? data : data.slice(0, cut);
    var carried = cut === -1 ? "" : data.slice(cut + 1);
    var hello = first;
    first = false;
    if (!el) return;
    if (hello && el.dataset.stamp && text === "s" + el.dataset.stamp) return;
    el.dispatchEvent(new CustomEvent("scorer:changed", { bubbles: true, detail: { text: text, carried: carried, first: hello } }));
  };
  current.onerror = function () {
    if (current !== source) return;
    // Dropped or refused: the polls go on, and the stream is tried again later.
    current.close();
    source = null;
    opened(false);
    timer = setTimeout(connect, wait);
    wait = Math.min(wait * 2, 60000);
  };
}

// The page's stream: the one its element names, opened once, and closed when the element
// goes (a game removed meanwhile polls, as its page did).
export function scan() {
  var el = document.querySelector("[data-stream]");
  var wanted = el ? el.dataset.stream : null;
  if (wanted === url && (source || timer)) return;
  close();
  url = wanted;
  if (url) connect();
}

document.addEventListener("htmx:afterSettle", scan);
window.addEventListener("online", function () { if (!source) { clearTimeout(timer); wait = 1000; connect(); } });
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState === "visible" && url && !source) { clearTimeout(timer); wait = 1000; connect(); }
});
// Leaving the page closes the stream at once (the server frees its socket), and a page
// kept in the back-forward cache opens it again when it is shown.
window.addEventListener("pagehide", close);
window.addEventListener("pageshow", function (event) { if (event.persisted) { url = null; scan(); } });

// An htmx poll of a streamed element stands down while the stream is open; the stream's own
// event still fetches.
document.addEventListener("htmx:beforeRequest", function (event) {
  var detail = event.detail || {};
  var elt = detail.elt;
  if (!open || !elt || !elt.dataset || elt.dataset.stream !== url) return;
  var cause = detail.requestConfig && detail.requestConfig.triggeringEvent;
  if (!cause || cause.type !== "scorer:changed") event.preventDefault();
});

scan();
