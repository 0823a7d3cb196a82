// What the page's features share, and nothing more: the hand being entered and its form's
// values, what the offline queue holds back, and a small bus on which a feature tells the
// others what it did without knowing who listens.

// The hand being entered: the game page's form, while it has one.
export function entry() {
  var section = document.querySelector("#hand-form[data-progress]");
  return section && section.querySelector("form") ? section : null;
}

// The form's own fields, which say nothing about the hand.
export const CONTROL = ["csrfmiddlewaretoken", "token", "key", "version", "expect_number", "expect_version", "check"];

export function controls(form, name) {
  return Array.prototype.filter.call(form.elements, function (el) { return el.name === name; });
}

export function valueOf(form, name) {
  var els = controls(form, name);
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    if (el.type === "radio") { if (el.checked) return el.value; continue; }
    if (el.type === "checkbox") return el.checked ? "on" : "";
    return el.value;
  }
  return "";
}

export function setValue(form, name, value) {
  controls(form, name).forEach(function (el) {
    if (el.type === "radio") el.checked = el.value === value;
    else if (el.type === "checkbox") el.checked = value === "on" || value === "true";
    else el.value = value;
  });
}

// Shows a step of the hand (before, during, after play); the entry (scorer.js) keeps the
// steps, which are on the first paint.
export function showPhase(section, key, remember) {
  section.dispatchEvent(new CustomEvent("scorer:phase", { bubbles: true, detail: { key: key, remember: !!remember } }));
}

// The dealer fold's summary, wherever the page names the dealer.
export function nameDealer(label) {
  Array.prototype.forEach.call(document.querySelectorAll(".dealer-name"), function (name) {
    name.textContent = label.textContent.trim();
  });
}

export function csrf() {
  var token = document.querySelector("input[name=csrfmiddlewaretoken]");
  return token ? token.value : "";
}

export function newKey() {
  var bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
}

// The hands of this game waiting on this phone, and whether they are being sent: while any
// wait, the hand in progress is about a hand the server does not know yet. Written by
// outbox.js only.
export const held = { waiting: 0, flushing: false };

// The bus. "edit" {name, value}: a feature changed a field of the hand (the hand in
// progress sends it). "redrawn" (form): a feature wrote values into the form (the
// declaration rows tidy themselves).
var listeners = {};
export function on(name, listener) { (listeners[name] = listeners[name] || []).push(listener); }
export function tell(name, detail) { (listeners[name] || []).forEach(function (listener) { listener(detail); }); }

// Runs `work` once the page is parsed: now, for a module that came after (scorer.js loads
// the features once the page has loaded).
export function ready(work) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", work);
  else work();
}
