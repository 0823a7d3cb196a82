// Declaration rows: show the rows in use and one empty row to add the next announcement; a
// row's kind hides the columns it does not use (a four has a rank, a marriage a suit). The
// page says what each kind holds, its shape (data-shapes="sequence:run four:rank"): "run"
// (cards, top card, suit), "rank" or "suit". With script, an announcement is made in four
// taps (who, how many cards, the top card, the suit) and listed in the table's words.
import { WORDS, say, sayCount } from "./words.js";
import { on, ready, tell } from "./core.js";

function shapeOf(group, kind) {
  var shapes = ((group && group.dataset.shapes) || "").split(" ");
  for (var i = 0; i < shapes.length; i++) {
    var pair = shapes[i].split(":");
    if (pair[0] === kind) return pair[1];
  }
  return kind === "four" ? "rank" : kind === "marriage" ? "suit" : "run";
}

function tidyRows(root) {
  var groups = (root || document).querySelectorAll("[data-rows]");
  for (var g = 0; g < groups.length; g++) {
    var rows = groups[g].querySelectorAll("[data-row]");
    var shownEmpty = false;
    for (var r = 0; r < rows.length; r++) {
      var selects = rows[r].querySelectorAll("select");
      var used = false;
      for (var i = 0; i < selects.length; i++) if (selects[i].value) used = true;
      var kind = rows[r].querySelector(".part-kind select");
      rows[r].dataset.kind = kind ? kind.value : "sequence";
      rows[r].dataset.shape = shapeOf(groups[g], rows[r].dataset.kind || "sequence");
      rows[r].hidden = !used && shownEmpty;
      if (!used) shownEmpty = true;
    }
  }
}
document.addEventListener("change", function (event) {
  if (event.target.closest && event.target.closest("[data-rows]")) tidyRows();
});

// ---- Declarations in four taps: who, how many cards, the top card, the suit. -------------
var SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
var RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
function rowPart(row, part) { return row.querySelector(".part-" + part + " select"); }
// A rank as the row's menu names it, in the page's language.
function rankLabel(select, rank) {
  var option = rank && Array.prototype.filter.call(select.options, function (o) { return o.value === rank; })[0];
  return option ? option.text : rank;
}
// Cards as a card player writes them, "9–Q♥", read left to right in a right-to-left line
// too (isolated: U+2066 … U+2069).
function cards(text) {
  return document.documentElement.dir === "rtl" ? "\u2066" + text + "\u2069" : text;
}
function describe(row) {
  var seat = rowPart(row, "seat"), kind = rowPart(row, "kind");
  var who = seat.options[seat.selectedIndex] ? seat.options[seat.selectedIndex].text : "";
  var k = kind ? kind.value || "sequence" : "sequence";
  var length = rowPart(row, "length").value, top = rowPart(row, "top").value, suit = rowPart(row, "suit").value;
  var fours = WORDS.four || {};
  var tops = rowPart(row, "top");
  var shape = shapeOf(row.closest("[data-rows]"), k);
  if (shape === "rank") return say("declared", { who: who, what: fours[top] || fours[""] || "" });
  if (shape === "suit") {
    var pair = cards(rankLabel(tops, "K") + "+" + rankLabel(tops, "Q") + (SYMBOLS[suit] || ""));
    return say("declared", { who: who, what: say("marriage", { cards: pair }) });
  }
  var low = RANKS[RANKS.indexOf(top) - Number(length) + 1] || "";
  var run = cards(rankLabel(tops, low) + "–" + rankLabel(tops, top) + (SYMBOLS[suit] || ""));
  return say("declared", { who: who, what: sayCount("run", Number(length), { cards: run }) });
}
function renderList(root) {
  root = root || document;
  var groups = root.matches && root.matches("[data-rows]") ? [root] : root.querySelectorAll("[data-rows]");
  Array.prototype.forEach.call(groups, function (group) {
    var list = group.querySelector("[data-list]");
    if (!list) return;
    list.textContent = "";
    Array.prototype.forEach.call(group.querySelectorAll("[data-row]"), function (row, index) {
      if (!rowPart(row, "seat").value) return;
      var item = document.createElement("li");
      var text = document.createElement("span");
      text.textContent = describe(row);
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "quiet";
      remove.dataset.removeRow = String(index);
      remove.setAttribute("aria-label", say("remove", { declaration: text.textContent }));
      remove.textContent = "✕";
      item.appendChild(text);
      item.appendChild(remove);
      list.appendChild(item);
    });
  });
}
function builderState(builder) {
  if (!builder._state) builder._state = {};
  return builder._state;
}
function showStep(builder, step) {
  Array.prototype.forEach.call(builder.querySelectorAll("[data-step]"), function (s) { s.hidden = s.dataset.step !== step; });
  var shown = builder.querySelector('[data-step="' + step + '"]');
  builder.querySelector("[data-ask]").textContent = shown ? shown.dataset.question || "" : "";
  builder.querySelector("[data-cancel]").hidden = step === "seat";
  if (step === "top") {
    var state = builderState(builder);
    var four = shapeOf(builder.closest("[data-rows]"), state.kind || "sequence") === "rank";
    var length = four ? 1 : Number(state.length || 3);
    Array.prototype.forEach.call(builder.querySelectorAll('[data-step="top"] .pick'), function (b) {
      b.disabled = !four && Number(b.dataset.order) < length - 1;
    });
  }
}
function finish(builder, group) {
  var state = builderState(builder);
  var rows = group.querySelectorAll("[data-row]");
  for (var r = 0; r < rows.length; r++) {
    if (rowPart(rows[r], "seat").value) continue;
    var values = { seat: state.seat, kind: state.kind || "sequence", length: state.length || "", top: state.top || "", suit: state.suit || "" };
    var shape = shapeOf(group, values.kind);
    if (shape === "rank") { values.length = ""; values.suit = ""; }
    if (shape === "suit") { values.length = ""; values.top = ""; }
    ["seat", "kind", "length", "top", "suit"].forEach(function (part) {
      var select = rowPart(rows[r], part);
      if (!select) return;
      select.value = part === "kind" || select.querySelector('option[value="' + values[part] + '"]') ? values[part] : "";
      if (select.name) tell("edit", { name: select.name, value: select.value });
    });
    break;
  }
  builder._state = {};
  showStep(builder, "seat");
  tidyRows();
  renderList(group);
  group.closest("form").dispatchEvent(new Event("change", { bubbles: true }));
}
document.addEventListener("click", function (event) {
  var pick = event.target.closest && event.target.closest("[data-builder] .pick");
  var builder = pick && pick.closest("[data-builder]");
  if (builder) {
    var step = pick.closest("[data-step]").dataset.step;
    var state = builderState(builder);
    var group = builder.closest("[data-rows]");
    var hasKinds = !!builder.querySelector('[data-step="kind"]');
    state[step] = pick.dataset.value;
    var order = { seat: hasKinds ? "kind" : "length", length: "top", top: "suit" };
    var nextStep = order[step];
    var shape = shapeOf(group, state.kind || "sequence");
    if (step === "kind") nextStep = shape === "rank" ? "top" : shape === "suit" ? "suit" : "length";
    if (step === "top" && shape === "rank") nextStep = null;
    if (step === "suit") nextStep = null;
    if (nextStep) showStep(builder, nextStep); else finish(builder, group);
    return;
  }
  var cancel = event.target.closest && event.target.closest("[data-builder] [data-cancel]");
  if (cancel) { var b = cancel.closest("[data-builder]"); b._state = {}; showStep(b, "seat"); return; }
  var remove = event.target.closest && event.target.closest("[data-remove-row]");
  if (remove) {
    var rows = remove.closest("[data-rows]");
    var row = rows.querySelectorAll("[data-row]")[Number(remove.dataset.removeRow)];
    Array.prototype.forEach.call(row.querySelectorAll("select"), function (select) {
      select.value = "";
      tell("edit", { name: select.name, value: "" });
    });
    tidyRows();
    renderList(rows);
    rows.closest("form").dispatchEvent(new Event("change", { bubbles: true }));
  }
});
function setUpBuilders() {
  Array.prototype.forEach.call(document.querySelectorAll("[data-builder]"), function (builder) {
    if (builder.dataset.ready) return;
    builder.dataset.ready = "1";
    builder.hidden = false;
    builder.closest("[data-rows]").classList.add("built");
    showStep(builder, "seat");
    renderList(builder.closest("[data-rows]"));
  });
}

function setUp() { tidyRows(); setUpBuilders(); }
ready(setUp);
document.addEventListener("htmx:afterSettle", setUp);
// Values written into the form by another feature (another phone's, a draft's).
on("redrawn", function (form) { tidyRows(); renderList(form); });
