// Without signal: a line under the top bar says so, and the service worker (templates/sw.js)
// keeps this page, so that it opens again without signal.
import { locales, say } from "./words.js";
import { entry, ready } from "./core.js";

// A line under the top bar while there is no connection, or while the page is the copy kept
// on this phone.
export function connection() {
  var line = document.getElementById("connection");
  var copy = document.body.dataset.offlineCopy;
  var offline = !navigator.onLine;
  document.documentElement.classList.toggle("offline", offline);
  if (document.querySelector(".offline-page")) return;  // it says so itself
  if (!offline && !copy) { if (line) line.remove(); return; }
  if (!line) {
    line = document.createElement("p");
    line.id = "connection";
    line.className = "connection";
    line.setAttribute("role", "status");
    var main = document.querySelector("main");
    main.parentNode.insertBefore(line, main);
  }
  var text = say(offline ? "offline" : "online");
  if (copy) {
    var when = new Date(copy);
    text = isNaN(when) ? say("copy", { state: text }) : say("copyAt", {
      state: text, time: when.toLocaleTimeString(locales(), { hour: "numeric", minute: "2-digit" })
    });
  }
  line.textContent = say(offline && entry() ? "waitHere" : "end", { line: text });
}
window.addEventListener("offline", connection);
window.addEventListener("online", connection);
ready(connection);

// The worker keeps this page as it is now: after a hand is saved, the copy that opens
// without signal is the game as it stands.
var keeping = null;
function keepPage() {
  if (!("serviceWorker" in navigator) || !navigator.onLine || document.body.dataset.offlineCopy) return;
  clearTimeout(keeping);
  keeping = setTimeout(function () {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: location.href });
    });
  }, 500);
}
document.addEventListener("htmx:afterSettle", function (event) {
  var target = event.detail && event.detail.target;
  if (target && (target.id === "play" || target.id === "hands")) keepPage();
});

// Registered once the page has loaded (this module comes after it).
function register() {
  var controlled = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register(document.documentElement.dataset.sw).then(function () {
    if (!controlled) keepPage();  // this page came before the worker did
  }).catch(function () { /* no worker: the site works online */ });
}
if ("serviceWorker" in navigator && document.documentElement.dataset.sw) {
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}
