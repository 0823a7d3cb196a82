// The scoreboard and the hand in progress stay the same on every phone. The page asks what
// changed since its versions, the game (v) and the hand in progress (d), when its stream
// (stream.js) says one moved past them (unless the stream's event carries the answer), or
// every 2 s (while the page is visible) when there is no stream. 204 means nothing;
// otherwise htmx swaps in the scoreboard, the hands and the hand in progress's state. What
// this phone types goes to the server as it is typed.
import { CONTROL, entry, held, on, setValue, tell, valueOf } from "./core.js";
import { forgetDraft, keepDraft } from "./draft.js";
import { streaming } from "./stream.js";

function board() { return document.getElementById("scoreboard"); }
var polling = false;
// A request of this phone's that redraws the play region (a save, an undo, a delete): while
// it is on its way no poll goes, and one already gone is called back. Its answer would be
// about the same change, told as if another phone had made it, without the Undo.
var changing = null;
function underWay(xhr) { return !!xhr && xhr.readyState > 0 && xhr.readyState < 4; }
document.addEventListener("htmx:beforeSend", function (event) {
  var detail = event.detail || {};
  if (detail.elt === document.body || !detail.target || detail.target.id !== "play") return;
  changing = detail.xhr;
  if (polling) htmx.trigger(document.body, "htmx:abort");
});
// A change the stream told of that could not be asked for yet (a poll or this phone's own
// change on its way): asked for as soon as they are done.
var wanted = false;
var retry = null;
export function poll() {
  var b = board();
  if (!b || !b.dataset.live || !window.htmx) return;
  if (document.visibilityState !== "visible" || !navigator.onLine) { wanted = true; return; }
  if (polling || held.flushing || underWay(changing)) {
    wanted = true;
    if (!retry) retry = setTimeout(function () { retry = null; poll(); }, 200);
    return;
  }
  wanted = false;
  var query = "?v=" + encodeURIComponent(b.dataset.v) + "&d=" + encodeURIComponent(b.dataset.d);
  if (b.dataset.t) query += "&t=" + encodeURIComponent(b.dataset.t);
  // A removed or abandoned game's page: the answer redraws it all once it is open again.
  if ("closed" in b.dataset) query += "&c=1";
  polling = true;
  var done = function () { polling = false; if (wanted) poll(); };
  // The body is the source: it is never replaced, so the answer always finds the page.
  htmx.ajax("GET", b.dataset.live + query, { source: document.body, target: "#scoreboard", swap: "outerHTML" }).then(done, done);
}
setInterval(function () { if (!streaming() || wanted) poll(); }, 2000);
document.addEventListener("visibilitychange", function () { if (wanted) poll(); });
// The stream says the game (v) or the hand in progress (d) reached a version: asked for
// only when that is past what the page shows (this phone's own tap is not asked for again),
// unless the event carries it.
document.addEventListener("scorer:changed", function (event) {
  var b = board();
  if (!b || event.target !== b) return;
  var behind = String(event.detail.text).split(" ").some(function (part) {
    var number = Number(part.slice(1));
    if (part[0] === "v") return number > Number(b.dataset.v);
    if (part[0] === "d") return number > Number(b.dataset.d);
    return true;
  });
  if (behind && !carried(b, String(event.detail.carried || ""))) poll();
});
// A tap's event carries what a poll would now answer a page at the game's version, on the
// hand in progress's token, in the language it names (games/views/hand_in_progress.py,
// `as_fetched`): on such a page, with no request of this phone on its way that redraws it,
// it goes in as the poll's answer would, and nothing is asked. Any other page asks.
function carried(b, text) {
  var cut = text.indexOf("\n");
  if (cut === -1 || !window.htmx || !b.dataset.t || "closed" in b.dataset) return false;
  if (polling || held.flushing || underWay(changing)) return false;
  var fits = {};
  text.slice(0, cut).split(" ").forEach(function (part) { fits[part[0]] = part.slice(1); });
  if (fits.v !== b.dataset.v || fits.t !== b.dataset.t) return false;
  if (fits.l !== document.documentElement.lang) return false;
  htmx.swap(b, text.slice(cut + 1), { swapStyle: "outerHTML", settleDelay: htmx.config.defaultSettleDelay });
  return true;
}
// An answer whose target was replaced meanwhile (a save re-drew the page) is dropped: the
// next poll asks again from the page as it now is. So is a poll's answer about the hand
// this page showed then, if the page has moved on to the next hand since (this phone
// saved, or its waiting hands were sent): that hand is gone.
function stale(detail) {
  var gone = function (el) { return el && !document.contains(el); };
  if (gone(detail.target) || gone(detail.elt)) return true;
  var path = detail.requestConfig && detail.requestConfig.path;
  var b = board();
  if (path && b && path.indexOf(b.dataset.live + "?") === 0) {
    var asked = new URLSearchParams(path.split("?")[1]).get("t");
    if (asked && b.dataset.t && asked !== b.dataset.t) return true;
  }
  return false;
}
// htmx says beforeSwap on the target, and an event on a target no longer in the page never
// reaches the document; a poll's source is the body, always in the page, and beforeOnLoad
// is said on it first. Cancelling it drops the answer, out-of-band parts included.
document.addEventListener("htmx:beforeOnLoad", function (event) {
  var detail = event.detail || {};
  var path = detail.requestConfig && detail.requestConfig.path;
  var b = board();
  var polled = path && (b ? path.indexOf(b.dataset.live + "?") === 0 : path.indexOf("/live?") !== -1);
  if (polled && stale(detail)) event.preventDefault();
});
document.addEventListener("htmx:beforeSwap", function (event) {
  var detail = event.detail || {};
  if (stale(detail)) detail.shouldSwap = false;
});

// What this phone changed and has not yet heard back about: the server's copy of those
// fields is older than what is on screen, so it must not overwrite them.
var pending = {};  // field name → number of this phone's latest edit of it
var seen = 0;  // the newest version of the hand in progress this phone has applied
var latest = null;  // that version's fields, for a box that was being typed in
var sentValue = {};  // what this phone last sent for each field
var edits = 0;
var queued = {};
// The edit each queued value is: a value queued, then changed again before it went (a
// number typed, then stepped up while an earlier change was on its way), goes as what it
// was, and its answer must not release the newer edit's guard.
var queuedEdit = {};
var queuedToken = "";
var sending = false;
var applying = false;
export function send() {
  var section = entry();
  if (!section || sending) return;
  var names = Object.keys(queued);
  if (!names.length) return;
  // Without signal, or while hands saved offline wait, the changes stay queued here (and
  // in the draft on the phone): they are about a hand the server does not know yet.
  if (!navigator.onLine || held.waiting > 0 || held.flushing) return;
  var form = section.querySelector("form");
  var sent = {};
  names.forEach(function (name) { sent[name] = queuedEdit[name]; });
  var data = new FormData();
  data.append("token", queuedToken);
  names.forEach(function (name) { data.append(name, queued[name]); });
  var values = queued;
  queued = {};
  queuedEdit = {};
  sending = true;
  var token = document.querySelector("input[name=csrfmiddlewaretoken]");
  fetch(section.dataset.progress, {
    method: "POST", body: data, credentials: "same-origin",
    headers: { "X-CSRFToken": token ? token.value : "" }
  }).then(function (response) {
    return response.json().then(function (state) { return { status: response.status, state: state }; });
  }).then(function (answer) {
    sending = false;
    // Only an edit the server has now seen stops guarding its field.
    names.forEach(function (name) { if (pending[name] === sent[name]) delete pending[name]; });
    // 409: the game was removed or abandoned meanwhile; the poll redraws it, saying so.
    if (answer.status === 409) { poll(); return; }
    if (answer.status !== 200) return;
    if (!answer.state.accepted) { poll(); return; }  // saved by another phone: fetch the next hand
    if (!Object.keys(pending).length) forgetDraft(section);
    var b = board();
    if (b) b.dataset.d = String(answer.state.version);
    apply(form, answer.state);
    send();
  }).catch(function () {
    // Not sent (the connection dropped): queued again unless changed since, and retried.
    sending = false;
    names.forEach(function (name) {
      if (!(name in queued)) { queued[name] = values[name]; queuedEdit[name] = sent[name]; }
    });
    setTimeout(send, 2000);
  });
}
// What this phone typed for a hand that is saved now says nothing about the next one: a
// box typed in just before Save would otherwise never show another phone's value again.
function fresh(section) {
  if (queuedToken === section.dataset.token) return;
  queued = {}; queuedEdit = {}; sentValue = {}; pending = {}; queuedToken = section.dataset.token;
}
function queue(section, name, value) {
  fresh(section);
  pending[name] = ++edits;
  sentValue[name] = value;
  queued[name] = value;
  queuedEdit[name] = pending[name];
  keepDraft(section, name, value);
  var play = document.getElementById("play");
  if (play) play.classList.add("entering");
}
export function change(name, value, from) {
  var section = entry();
  if (!section || (from && from !== section)) return;
  queue(section, name, value);
  send();
}
on("edit", function (edit) { change(edit.name, edit.value); });

// Values written by script (the offline queue clearing the form for the next hand) are not
// this phone's edits.
export function quietly(work) {
  applying = true;
  try { work(); } finally { applying = false; }
}
// What was typed on this phone for the hand the form is now for (a draft kept on the phone)
// comes back into the form, to be sent when it can; `afresh`: nothing typed before counts.
// The draft is read while the page opens: a box typed in since (a number typed, then
// stepped up) is newer than its draft, and keeps what it shows.
export function takeDraft(form, draft, afresh) {
  if (afresh) { pending = {}; queued = {}; queuedEdit = {}; sentValue = {}; }
  Object.keys(draft).forEach(function (name) {
    if (pending[name] || name in sentValue) return;
    setValue(form, name, draft[name]);
    queued[name] = draft[name];
    delete queuedEdit[name];
  });
}

function apply(form, state) {
  if (!form || !state || !state.fields) return;
  // An answer can arrive after a newer one (a poll sent before this phone's last change
  // was taken): an older hand in progress never overwrites a newer one.
  if (state.version < seen) return;
  seen = state.version;
  latest = state;
  if (!state.fields) return;
  var section = form.closest("#hand-form");
  if (section && section.isConnected) fresh(section);
  applying = true;
  var fields = state.fields;
  var touched = false;
  Array.prototype.forEach.call(form.elements, function (el) {
    var name = el.name;
    if (!name || pending[name] || el === document.activeElement) return;
    if (el.closest(".meld-calc, [data-builder]")) return;  // working space, not the hand
    if (CONTROL.indexOf(name) !== -1) return;
    if (!(name in fields) && name === "dealer") return;  // the page's own default
    var value = name in fields ? String(fields[name]) : "";
    if (valueOf(form, name) !== value) { setValue(form, name, value); touched = true; }
  });
  applying = false;
  if (touched) {
    tell("redrawn", form);
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
document.addEventListener("change", function (event) {
  var el = event.target;
  var section = entry();
  if (applying || !section || !el.name || !section.contains(el) || el.closest("[data-builder]")) return;
  if (el.closest(".meld-calc")) return;  // the calculator's cells are working space
  // Leaving a box typed in just now sends what was typed at once, with the box it filled.
  var typed = typing[el.name];
  if (typed) {
    clearTimeout(typed.timer);
    delete typing[el.name];
    sendTyped(section, typed.names);
    return;
  }
  var form = section.querySelector("form");
  var value = valueOf(form, el.name);
  // Leaving a box sends nothing new when this phone typed nothing since it last sent it:
  // another phone's later value for that box wins, and is shown now the box is left.
  if (!pending[el.name] && sentValue[el.name] === value && (el.type === "number" || el.type === "text")) {
    if (latest) apply(form, latest);
    return;
  }
  change(el.name, value);
});
var typing = {};  // field name → the boxes its typing changed, and the timer that sends them
// A typed box and the box it filled in go as one change: another phone never sees one
// team's points without the other's.
function sendTyped(section, names) {
  if (!section.isConnected || section !== entry()) return;  // that hand was saved meanwhile
  var form = section.querySelector("form");
  names.forEach(function (name) { queue(section, name, valueOf(form, name)); });
  send();
}
document.addEventListener("input", function (event) {
  var el = event.target;
  var section = entry();
  if (applying || !section || !el.name || !section.contains(el) || el.type === "radio") return;
  if (el.closest(".meld-calc")) return;
  // A number typed in one box may fill in another (the other team's points): both go.
  fresh(section);
  var names = [el.name];
  var other = el.dataset.other && document.getElementById(el.dataset.other);
  if (other && other.name) names.push(other.name);
  names.forEach(function (name) { pending[name] = ++edits; });
  if (typing[el.name]) clearTimeout(typing[el.name].timer);
  typing[el.name] = {
    names: names,
    timer: setTimeout(function () {
      delete typing[el.name];
      sendTyped(section, names);
    }, 600)
  };
});
// Other phones' changes arrive with the poll.
document.addEventListener("htmx:oobAfterSwap", function (event) {
  var el = event.detail && event.detail.target;
  if (el && el.id) el = document.getElementById(el.id) || el;  // the element swapped in
  // A field filled in by the server (the meld calculator's count) is this phone's change.
  if (el && el.name && entry() && entry().contains(el)) { change(el.name, el.value); return; }
  if (el && el.id === "hands") {
    // Another phone changed the saved hands (an edit, a delete, an undo, a restore): a
    // notice of this phone's last change ("Hand 2 saved") no longer says how the game
    // stands, and goes; a refusal stays to be read.
    var told = document.querySelector("#play > .notice[role=status]");
    if (told) told.remove();
    return;
  }
  if (!el || el.id !== "progress-state") return;
  var section = entry();
  if (!section || section.dataset.token !== el.dataset.token) return;
  var state = { fields: JSON.parse(el.dataset.fields || "{}"), version: Number(el.dataset.version) };
  apply(section.querySelector("form"), state);
  if (Object.keys(state.fields).length) document.getElementById("play").classList.add("entering");
});

window.addEventListener("online", function () { send(); poll(); });
