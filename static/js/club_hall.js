// The hall display (templates/games/club_hall.html), on its own: no other script is loaded.
// Every few seconds (while the screen is visible) it asks whether the night changed since the
// version it shows; 204 means nothing, 200 brings the new #hall-live, swapped in whole. Every
// few seconds more (data-turn-seconds) each pager (the tables, the standings) shows its next
// page, and a new #hall-live carries on from the same turn. Without script the page does both by reloading.
(function () {
  "use strict";
  var live = document.getElementById("hall-live");
  if (!live) return;
  var turn = Number(live.dataset.turn) || 0;
  var asking = false;

  // A name wider than its place is made smaller, a pixel at a time, down to FLOOR of the
  // page's size; what is still too wide then ends in "…" (the style sheet's ellipsis).
  var FLOOR = 0.8;
  function fit(names) {
    var floor = FLOOR * parseFloat(getComputedStyle(document.documentElement).fontSize);
    Array.prototype.forEach.call(names, function (name) {
      name.style.fontSize = "";
      var size = parseFloat(getComputedStyle(name).fontSize);
      while (name.scrollWidth > name.clientWidth + 1 && size - 1 >= floor) {
        size -= 1;
        name.style.fontSize = size + "px";
      }
    });
  }

  function show() {
    var panes = live.querySelectorAll(".hall-tables, .hall-standings");
    Array.prototype.forEach.call(panes, function (pane) {
      var pages = pane.querySelectorAll(":scope > .hall-page");
      if (!pages.length) return;
      var shown = turn % pages.length;
      Array.prototype.forEach.call(pages, function (page, i) { page.hidden = i !== shown; });
    });
    fit(live.querySelectorAll(".hall-page:not([hidden]) .hall-name"));
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("hall-live");
    if (!fresh) return;
    var adopted = document.importNode(fresh, true);
    live.replaceWith(adopted);
    live = adopted;
    show();
  }

  // A change told while an answer is on its way is asked for again once it is in.
  var again = false;
  function ask() {
    if (document.visibilityState !== "visible") return;
    if (asking) { again = true; return; }
    asking = true;
    var url = live.dataset.poll + "?v=" + encodeURIComponent(live.dataset.v) + "&p=" + turn;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) { return answer.status === 200 ? answer.text() : ""; })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* no signal: the next ask tries again */ })
      .then(function () {
        asking = false;
        if (again) { again = false; ask(); }
      });
  }

  // The night's event stream (games/views/streams.py), where it can be held: a change is
  // asked for at once instead of at the next poll, and the polls stand down while it is
  // open (html[data-streaming], as on the other pages). Its first event says where the
  // night stands, so a screen that connects again asks once for what it missed.
  var streamed = false;
  var stream = live.dataset.stream;
  function connect(wait) {
    if (!window.EventSource || !stream) return;
    var source = new EventSource(stream);
    source.onmessage = function () {
      streamed = true;
      document.documentElement.dataset.streaming = "";
      wait = 1000;
      ask();
    };
    source.onerror = function () {
      source.close();
      streamed = false;
      delete document.documentElement.dataset.streaming;
      setTimeout(function () { connect(Math.min(wait * 2, 60000)); }, wait);
    };
  }
  connect(1000);

  var seconds = function (name, fallback) { return (Number(live.dataset[name]) || fallback) * 1000; };
  show();
  // The names are measured again once the page's fonts are in, and whenever the screen
  // changes size.
  window.addEventListener("load", show);
  window.addEventListener("resize", show);
  if (document.fonts) document.fonts.ready.then(show);
  setInterval(function () { turn = (turn + 1) % 10000; show(); }, seconds("turnSeconds", 12));
  setInterval(function () { if (!streamed) ask(); }, seconds("pollSeconds", 3));
  document.addEventListener("visibilitychange", ask);
})();
