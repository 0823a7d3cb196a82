// The preview of the hand ("This hand scores…") comes from the server as it is typed (htmx,
// templates/games/game.html), and with the page. Without signal it cannot: it says the hand
// is checked later.
//
// The score at the tap: the preview has already scored the hand being saved, so a tap on
// Save shows its totals on the scoreboard at once, marked as saving; the server's answer
// redraws the scoreboard as it stands (the same totals, or another phone's hand first, with
// its message), and an answer that leaves the scoreboard alone (a refusal, no answer) puts
// back what it showed.
import { say } from "./words.js";
import { CONTROL, entry, ready } from "./core.js";

export function offlinePreview(section) {
  var preview = section && section.querySelector("#preview");
  if (!preview || navigator.onLine) return;
  preview.textContent = "";
  var note = document.createElement("p");
  note.className = "hint";
  note.textContent = say("checkedLater");
  preview.appendChild(note);
}
window.addEventListener("offline", function () { offlinePreview(entry()); });

// The hand the preview on screen scored, as the form's values; "" while it is not known.
var previewed = "";
var asked = "";
function typed(form) {
  var pairs = [];
  new FormData(form).forEach(function (value, name) {
    if (CONTROL.indexOf(name) === -1) pairs.push(name + "=" + String(value));
  });
  return pairs.join("&");
}
function handForm() {
  var section = entry();
  return section && section.querySelector("form");
}
// The page and every redrawn form come with the preview of the form as shown.
function shownWithPage() {
  var form = handForm();
  previewed = form && form.querySelector("#preview") ? typed(form) : "";
}
ready(shownWithPage);
document.addEventListener("htmx:afterSettle", function (event) {
  var target = event.detail && event.detail.target;
  if (target && target.id !== "preview" && target.querySelector && target.querySelector("#preview")) shownWithPage();
});
function isPreview(event) {
  var elt = event.detail && event.detail.elt;
  return !!elt && elt.id === "preview";
}
document.addEventListener("htmx:beforeRequest", function (event) {
  if (!isPreview(event)) return;
  var form = handForm();
  asked = form ? typed(form) : "";
  previewed = "";
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (!isPreview(event)) return;
  var xhr = event.detail.xhr;
  previewed = event.detail.successful && xhr && xhr.status === 200 ? asked : "";
});

// The scoreboard's totals and what they showed before the tap.
var shown = null;
function totalsOf(preview) {
  return Array.prototype.map.call(preview.querySelectorAll(".preview-scores li[data-total]"), function (li) {
    return { text: li.dataset.total, value: Number(li.dataset.value) };
  });
}
function places(board) {
  var sides = board.querySelectorAll(".sides .side");
  var line = board.querySelectorAll(".board-line li strong");
  return Array.prototype.map.call(sides, function (side, i) {
    return { total: side.querySelector(".side-total"), bar: side.querySelector("progress"), line: line[i] || null };
  });
}
function showAtTap(form) {
  var board = document.getElementById("scoreboard");
  var preview = form.querySelector("#preview");
  if (!board || !preview || !previewed || typed(form) !== previewed) return;
  var totals = totalsOf(preview);
  var spots = places(board);
  if (!totals.length || totals.length !== spots.length) return;
  var before = spots.map(function (spot) {
    return {
      total: spot.total ? spot.total.textContent : "",
      negative: spot.total ? spot.total.classList.contains("negative") : false,
      bar: spot.bar ? spot.bar.value : 0,
      line: spot.line ? spot.line.textContent : ""
    };
  });
  spots.forEach(function (spot, i) {
    if (spot.total) {
      spot.total.textContent = totals[i].text;
      spot.total.classList.toggle("negative", totals[i].value < 0);
    }
    if (spot.bar) spot.bar.value = Math.max(0, Math.min(totals[i].value, spot.bar.max));
    if (spot.line) spot.line.textContent = totals[i].text;
  });
  var note = document.createElement("span");
  note.className = "saving-note";
  note.setAttribute("role", "status");
  note.textContent = say("saving");
  board.appendChild(note);
  board.classList.add("saving");
  shown = { form: form, board: board, spots: spots, before: before, note: note };
}
// The scoreboard as it was, when the answer did not redraw it.
function putBack() {
  if (!shown) return;
  var was = shown;
  shown = null;
  if (!was.board.isConnected || !was.board.classList.contains("saving")) return;
  was.spots.forEach(function (spot, i) {
    var before = was.before[i];
    if (spot.total) {
      spot.total.textContent = before.total;
      spot.total.classList.toggle("negative", before.negative);
    }
    if (spot.bar) spot.bar.value = before.bar;
    if (spot.line) spot.line.textContent = before.line;
  });
  was.note.remove();
  was.board.classList.remove("saving");
}
function isSave(event) {
  var detail = event.detail || {};
  var form = handForm();
  return !!form && detail.elt === form;
}
document.addEventListener("htmx:beforeRequest", function (event) {
  if (!isSave(event) || event.defaultPrevented || !navigator.onLine) return;
  var config = event.detail.requestConfig || {};
  var submitter = config.triggeringEvent && config.triggeringEvent.submitter;
  if (submitter && submitter.name === "check") return;
  putBack();
  showAtTap(event.detail.elt);
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (shown && event.detail && event.detail.elt === shown.form) putBack();
});
