// Scorer's few behaviours that need script. Everything works without it; this only helps.
(function () {
  "use strict";
  // With script, the meld calculator's cells are tapped rather than typed into.
  document.documentElement.classList.add("js");

  // ---- The words this script writes, in the page's language. -----------------------------
  // templates/base.html writes them as a JSON block (games/templatetags/scorer_tags.py,
  // scorer_words); placeholders are %(name)s. A counting message comes written for a few
  // counts, one of each plural form; another count takes the one whose form is its own.
  var WORDS = (function () {
    var block = document.getElementById("scorer-words");
    try { return block ? JSON.parse(block.textContent) : {}; } catch (e) { return {}; }
  })();
  var LANG = document.documentElement.lang || "en";
  function fill(text, values) {
    return String(text || "").replace(/%\((\w+)\)s|%%/g, function (all, name) {
      if (!name) return "%";
      return values && name in values ? String(values[name]) : all;
    });
  }
  function say(key, values) { return fill(WORDS[key], values); }
  function sayCount(key, count, values) {
    var forms = WORDS[key] || {};
    var text = forms[String(count)];
    if (text === undefined) {
      var samples = Object.keys(forms);
      text = forms[samples[samples.length - 1]];
      try {
        var rules = new Intl.PluralRules(LANG);
        for (var i = 0; i < samples.length; i++) {
          if (rules.select(Number(samples[i])) === rules.select(count)) { text = forms[samples[i]]; break; }
        }
      } catch (e) { /* no Intl.PluralRules: the last form written */ }
    }
    var all = { count: count };
    Object.keys(values || {}).forEach(function (name) { all[name] = values[name]; });
    return fill(text, all);
  }
  // Times as the phone writes them in the page's language ("21:05" for a phone set to
  // British English), else as the language does.
  function locales() {
    var own = Array.prototype.filter.call(navigator.languages || [], function (tag) {
      return tag.split("-")[0].toLowerCase() === LANG.split("-")[0];
    });
    return own.length ? own : [LANG];
  }

  // Card points: typing one team's points fills in the other's (total − x).
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.other) return;
    var group = input.closest("[data-total]");
    var other = document.getElementById(input.dataset.other);
    if (!group || !other) return;
    var total = parseInt(group.dataset.total, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) return;
    if (value >= 0 && value <= total) other.value = String(total - value);
  });

  // The dealer fold's summary names the dealer picked inside it.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var fold = input.closest && input.closest(".dealer-fold");
    if (!fold || input.type !== "radio") return;
    var label = input.closest("label");
    if (!label) return;
    Array.prototype.forEach.call(document.querySelectorAll(".dealer-name"), function (name) {
      name.textContent = label.textContent.trim();
    });
  });

  // The dealer is named on the scoreboard; tapping the name opens the choice of dealer.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-open-dealer]");
    var fold = document.getElementById("dealer");
    if (!link || !fold) return;
    event.preventDefault();
    fold.open = true;
    var section = fold.closest(".phase");
    var entry = fold.closest("#hand-form");
    if (section && entry && section.hidden) showPhase(entry, section.dataset.phase, true);
    fold.scrollIntoView({ block: "center" });
  });

  // Steppers: −5 / +5 beside a number field.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step]");
    if (!button) return;
    var input = document.getElementById(button.dataset.for);
    if (!input) return;
    var step = parseInt(button.dataset.step, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = parseInt(input.dataset.start || input.placeholder || input.min || "0", 10) - step;
    var next = value + step;
    if (input.min !== "" && next < parseInt(input.min, 10)) next = parseInt(input.min, 10);
    if (input.max !== "" && next > parseInt(input.max, 10)) next = parseInt(input.max, 10);
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Meld calculator: tapping a card adds a copy (up to four, then back to none).
  document.addEventListener("click", function (event) {
    var cell = event.target.closest && event.target.closest("[data-cycle]");
    if (!cell || event.target.tagName === "INPUT") return;
    event.preventDefault();
    var input = cell.querySelector("input");
    var value = (parseInt(input.value, 10) || 0) + 1;
    input.value = String(value > 4 ? 0 : value);
    cell.classList.toggle("held", input.value !== "0");
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Points that add up to a total: typing the others fills in the last one. The gömü
  // (Tekli), entered during play, counts toward the total too.
  function fillSum(group, changed) {
    var inputs = Array.prototype.slice.call(group.querySelectorAll("input[type=number]"));
    var rest = inputs[inputs.length - 1];
    if (changed === rest) return;
    var sum = 0;
    for (var i = 0; i < inputs.length - 1; i++) {
      var value = parseInt(inputs[i].value, 10);
      if (isNaN(value)) return;
      sum += value;
    }
    var gomu = document.getElementById("id_gomu_points");
    if (gomu && group.closest("form") === gomu.closest("form")) sum += parseInt(gomu.value, 10) || 0;
    var left = parseInt(group.dataset.sum, 10) - sum;
    if (left >= 0 && rest.value !== String(left)) {
      rest.value = String(left);
      rest.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
  document.addEventListener("input", function (event) {
    var group = event.target.closest && event.target.closest("[data-sum]");
    if (group && event.target.type === "number") fillSum(group, event.target);
  });
  // The gömü's five card pickers fill in its points, from the game's card values.
  document.addEventListener("change", function (event) {
    var box = event.target.closest && event.target.closest("[data-gomu]");
    if (!box || event.target.tagName !== "SELECT") return;
    var values = JSON.parse(box.dataset.values || "{}");
    var total = 0, any = false;
    Array.prototype.forEach.call(box.querySelectorAll("select"), function (select) {
      if (select.value) { any = true; total += values[select.value] || 0; }
    });
    var points = document.getElementById("id_gomu_points");
    if (!points || !any) return;
    points.value = String(total);
    points.dispatchEvent(new Event("change", { bubbles: true }));
    var group = points.closest("form").querySelector("[data-sum]");
    if (group) fillSum(group, null);
  });

  // Declaration rows: show the rows in use and one empty row to add the next announcement;
  // a row's kind hides the columns it does not use (a four has a rank, a marriage a suit).
  // The page says what each kind holds, its shape (data-shapes="sequence:run four:rank"):
  // "run" (cards, top card, suit), "rank" or "suit".
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
  document.addEventListener("DOMContentLoaded", function () { tidyRows(); });
  document.addEventListener("htmx:afterSettle", function () { tidyRows(); });

  document.addEventListener("focusin", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-select-on-focus")) {
      event.target.select();
    }
  });

  // Keep the screen awake while a game page is open; the lock is dropped when the page is
  // hidden, so take it again when the page becomes visible.
  var lock = null;
  function wake() {
    if (!document.body || !document.body.hasAttribute("data-wake-lock")) return;
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { /* refused (battery saver, no permission): nothing to do */ });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) wake();
  });
  document.addEventListener("DOMContentLoaded", wake);

  // After a hand is saved the form is fresh: bring the scoreboard into view.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "play") {
      var board = document.getElementById("scoreboard");
      if (board) board.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  });

  // ---- The scoreboard and the hand in progress stay the same on every phone. ------------
  // Every 2 s (while the page is visible) ask what changed since this page's versions: the
  // game (v) and the hand in progress (d). 204 means nothing; otherwise htmx swaps in the
  // scoreboard, the hands and the hand in progress's state.
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
  function poll() {
    var b = board();
    if (!b || !b.dataset.live || document.visibilityState !== "visible" || !window.htmx) return;
    if (polling || !navigator.onLine || flushing || underWay(changing)) return;
    var query = "?v=" + encodeURIComponent(b.dataset.v) + "&d=" + encodeURIComponent(b.dataset.d);
    if (b.dataset.t) query += "&t=" + encodeURIComponent(b.dataset.t);
    polling = true;
    var done = function () { polling = false; };
    // The body is the source: it is never replaced, so the answer always finds the page.
    htmx.ajax("GET", b.dataset.live + query, { source: document.body, target: "#scoreboard", swap: "outerHTML" }).then(done, done);
  }
  setInterval(poll, 2000);
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

  function entry() {
    var section = document.querySelector("#hand-form[data-progress]");
    return section && section.querySelector("form") ? section : null;
  }
  function controls(form, name) {
    return Array.prototype.filter.call(form.elements, function (el) { return el.name === name; });
  }
  function valueOf(form, name) {
    var els = controls(form, name);
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.type === "radio") { if (el.checked) return el.value; continue; }
      if (el.type === "checkbox") return el.checked ? "on" : "";
      return el.value;
    }
    return "";
  }
  function setValue(form, name, value) {
    controls(form, name).forEach(function (el) {
      if (el.type === "radio") el.checked = el.value === value;
      else if (el.type === "checkbox") el.checked = value === "on" || value === "true";
      else el.value = value;
    });
  }

  // What this phone changed and has not yet heard back about: the server's copy of those
  // fields is older than what is on screen, so it must not overwrite them.
  var pending = {};  // field name → number of this phone's latest edit of it
  var seen = 0;  // the newest version of the hand in progress this phone has applied
  var latest = null;  // that version's fields, for a box that was being typed in
  var sentValue = {};  // what this phone last sent for each field
  var edits = 0;
  var queued = {};
  var queuedToken = "";
  var sending = false;
  var applying = false;
  function send() {
    var section = entry();
    if (!section || sending) return;
    var names = Object.keys(queued);
    if (!names.length) return;
    // Without signal, or while hands saved offline wait, the changes stay queued here (and
    // in the draft on the phone): they are about a hand the server does not know yet.
    if (!navigator.onLine || waiting > 0 || flushing) return;
    var form = section.querySelector("form");
    var sent = {};
    names.forEach(function (name) { sent[name] = pending[name]; });
    var data = new FormData();
    data.append("token", queuedToken);
    names.forEach(function (name) { data.append(name, queued[name]); });
    var values = queued;
    queued = {};
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
      names.forEach(function (name) { if (!(name in queued)) queued[name] = values[name]; });
      setTimeout(send, 2000);
    });
  }
  // What this phone typed for a hand that is saved now says nothing about the next one: a
  // box typed in just before Save would otherwise never show another phone's value again.
  function fresh(section) {
    if (queuedToken === section.dataset.token) return;
    queued = {}; sentValue = {}; pending = {}; queuedToken = section.dataset.token;
  }
  function queue(section, name, value) {
    fresh(section);
    pending[name] = ++edits;
    sentValue[name] = value;
    queued[name] = value;
    keepDraft(section, name, value);
    var play = document.getElementById("play");
    if (play) play.classList.add("entering");
  }
  function change(name, value, from) {
    var section = entry();
    if (!section || (from && from !== section)) return;
    queue(section, name, value);
    send();
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
      if (["csrfmiddlewaretoken", "token", "key", "version", "expect_number", "expect_version", "check"].indexOf(name) !== -1) return;
      if (!(name in fields) && name === "dealer") return;  // the page's own default
      var value = name in fields ? String(fields[name]) : "";
      if (valueOf(form, name) !== value) { setValue(form, name, value); touched = true; }
    });
    applying = false;
    if (touched) {
      tidyRows();
      renderList(form);
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
    if (!el || el.id !== "progress-state") return;
    var section = entry();
    if (!section || section.dataset.token !== el.dataset.token) return;
    var state = { fields: JSON.parse(el.dataset.fields || "{}"), version: Number(el.dataset.version) };
    apply(section.querySelector("form"), state);
    if (Object.keys(state.fields).length) document.getElementById("play").classList.add("entering");
  });

  // Enter in a number never saves half a hand: it moves on to the next box of the step
  // (the phone keyboard's "next"), or closes the keyboard after the last one.
  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || !el.closest || !el.closest("#hand-form") || el.tagName !== "INPUT") return;
    if (el.type === "submit") return;
    event.preventDefault();
    var step = el.closest(".phase") || el.closest("form");
    var boxes = Array.prototype.filter.call(step.querySelectorAll("input[type=number], input[type=text]"), function (box) {
      return box.offsetParent !== null && !box.closest(".meld-calc");
    });
    var next = boxes[boxes.indexOf(el) + 1];
    if (next) next.focus(); else el.blur();
  });

  // Tapping who bid (or who held the called card) opens the keyboard on the number that
  // goes with it, while that number is still empty: tap the player, type the bid.
  document.addEventListener("change", function (event) {
    var group = event.target.closest && event.target.closest("[data-then]");
    if (!group || event.target.type !== "radio") return;
    var box = document.getElementById(group.dataset.then);
    if (box && !box.value && box.offsetParent !== null) box.focus();
  });

  // ---- Phases: before play, during play, after play; one on screen at a time. -----------
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

  // ---- Declarations in four taps: who, how many cards, the top card, the suit. -----------
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
        if (select.name) change(select.name, select.value);
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
        change(select.name, "");
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

  // Notices that offer a quick Undo go away after a few seconds.
  function fadeNotices() {
    Array.prototype.forEach.call(document.querySelectorAll(".notice[data-fade]"), function (notice) {
      if (notice.dataset.fading) return;
      notice.dataset.fading = "1";
      setTimeout(function () { notice.remove(); }, Number(notice.dataset.fade) * 1000);
    });
  }

  // A message that says why something was refused is brought into view.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    var alert = target && target.querySelector && target.querySelector(".errors[role=alert], .errorlist, .notice.conflict");
    if (alert && alert.scrollIntoView) alert.scrollIntoView({ block: "center" });
  });

  // ---- Without signal: the page opens from the phone, the hand goes on being entered, and a
  // saved hand waits on the phone (IndexedDB) until the connection is back. ----------------
  var CONTROL = ["csrfmiddlewaretoken", "token", "key", "version", "expect_number", "expect_version", "check"];
  var waiting = 0;  // hands of this game waiting on this phone
  var flushing = false;

  if ("serviceWorker" in navigator && document.documentElement.dataset.sw) {
    window.addEventListener("load", function () {
      var controlled = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.register(document.documentElement.dataset.sw).then(function () {
        if (!controlled) keepPage();  // this page came before the worker did
      }).catch(function () { /* no worker: the site works online */ });
    });
  }
  // The worker keeps this page as it is now (templates/sw.js): after a hand is
  // saved, the copy that opens without signal is the game as it stands.
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

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // The store: one record per waiting hand, under its idempotency key.
  var opening = null;
  function store() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var request = indexedDB.open("scorer", 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore("outbox", { keyPath: "key" }).createIndex("url", "url");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opening;
  }
  function outbox(mode, work) {
    return store().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction("outbox", mode);
        var result = work(tx.objectStore("outbox"));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function waitingHands(url) {
    return outbox("readonly", function (hands) { return hands.index("url").getAll(url); }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.at - b.at; });
    });
  }
  function putHand(hand) { return outbox("readwrite", function (hands) { hands.put(hand); }); }
  function dropHand(key) { return outbox("readwrite", function (hands) { hands.delete(key); }); }

  // The hand being typed, kept on the phone until the server has it: a page reopened without
  // signal shows it again.
  function draftKey(section) { return "scorer-draft:" + section.dataset.progress; }
  function draftBase(section) { return section.dataset.offlineAfter || section.dataset.token; }
  function readDraft(section) {
    try {
      var draft = JSON.parse(localStorage.getItem(draftKey(section)) || "null");
      return draft && draft.base === draftBase(section) ? draft.fields : {};
    } catch (e) { return {}; }
  }
  function keepDraft(section, name, value) {
    var fields = readDraft(section);
    fields[name] = value;
    try { localStorage.setItem(draftKey(section), JSON.stringify({ base: draftBase(section), fields: fields })); } catch (e) { /* full or private */ }
  }
  function forgetDraft(section) {
    try { localStorage.removeItem(draftKey(section)); } catch (e) { /* private mode */ }
  }

  // What a waiting hand holds, in the table's words: "Dov deals · Who called: Ann · …".
  function summary(form) {
    var parts = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || CONTROL.indexOf(el.name) !== -1 || el.type === "hidden" || el.closest(".meld-calc, [data-builder]")) return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      if (!el.value) return;
      var label = el.closest("label") || (el.id && form.querySelector('label[for="' + el.id + '"]'));
      var text = label ? label.textContent.trim().replace(/\s+/g, " ") : el.value;
      if (el.tagName === "SELECT") text = el.options[el.selectedIndex].text;
      var legend = el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
      var title = legend ? legend.textContent.trim().replace(/\s+/g, " ").replace(/[?:؟？：]$/, "") : "";
      if (el.name === "dealer") { parts.push(say("deals", { name: text })); return; }
      if (el.type === "number" || el.type === "text") parts.push(say("answer", { question: text, answer: el.value }));
      else parts.push(title ? say("answer", { question: title, answer: text }) : text);
    });
    return parts.join(" · ");
  }

  function showOutbox(section) {
    var box = document.getElementById("outbox");
    if (!box || !section) return Promise.resolve([]);
    return waitingHands(section.querySelector("form").action).then(function (hands) {
      waiting = hands.filter(function (h) { return h.state === "waiting"; }).length;
      box.textContent = "";
      box.hidden = !hands.length;
      if (!hands.length) return hands;
      var title = document.createElement("h2");
      title.textContent = waiting ? sayCount("handsWaiting", waiting) : say("notAdded");
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = waiting ? say("sentLater") : "";
      var list = document.createElement("ul");
      list.className = "outbox-list";
      hands.forEach(function (hand) {
        var item = document.createElement("li");
        item.className = "outbox-hand " + hand.state;
        var head = document.createElement("strong");
        head.textContent = say(hand.state === "waiting" ? "handWaiting" : "handRefused", { number: hand.number });
        var what = document.createElement("span");
        what.textContent = hand.summary;
        item.appendChild(head);
        item.appendChild(what);
        if (hand.state !== "waiting") {
          var why = document.createElement("span");
          why.className = "outbox-why";
          why.textContent = hand.message;
          var dismiss = document.createElement("button");
          dismiss.type = "button";
          dismiss.className = "quiet";
          dismiss.dataset.dismiss = hand.key;
          dismiss.textContent = say("dismiss");
          item.appendChild(why);
          item.appendChild(dismiss);
        }
        list.appendChild(item);
      });
      box.appendChild(title);
      if (hint.textContent) box.appendChild(hint);
      box.appendChild(list);
      return hands;
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-dismiss]");
    if (!button) return;
    dropHand(button.dataset.dismiss).then(function () { showOutbox(entry()); });
  });

  // The form, cleared for the hand after a waiting one: the next dealer, the next number, a
  // new idempotency key; what was typed for that hand already comes back.
  function advance(section, last) {
    var form = section.querySelector("form");
    applying = true;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || CONTROL.indexOf(el.name) !== -1 || el.type === "hidden") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = false;
      else if (el.tagName === "SELECT") el.value = "";
      else if (el.type !== "submit" && el.type !== "button") el.value = "";
    });
    var dealers = controls(form, "dealer");
    if (dealers.length && last.dealer !== "") {
      var next = dealers[(Number(last.dealer) + 1) % dealers.length];
      next.checked = true;
      var label = next.closest("label");
      if (label) Array.prototype.forEach.call(document.querySelectorAll(".dealer-name"), function (name) { name.textContent = label.textContent.trim(); });
    }
    setValue(form, "key", newKey());
    setValue(form, "expect_number", String(last.number + 1));
    var heading = section.querySelector("h2");
    if (heading) heading.textContent = say("hand", { number: last.number + 1 });
    var meta = document.querySelector("[data-next-hand]");
    if (meta) meta.textContent = say("hand", { number: last.number + 1 });
    section.dataset.offlineAfter = last.key;
    pending = {}; queued = {}; sentValue = {};
    var draft = readDraft(section);
    Object.keys(draft).forEach(function (name) { setValue(form, name, draft[name]); queued[name] = draft[name]; });
    applying = false;
    tidyRows();
    renderList(form);
    showPhase(section, "before", true);
    offlinePreview(section);
  }

  function offlinePreview(section) {
    var preview = section && section.querySelector("#preview");
    if (!preview || navigator.onLine) return;
    preview.textContent = "";
    var note = document.createElement("p");
    note.className = "hint";
    note.textContent = say("checkedLater");
    preview.appendChild(note);
  }

  // `key`: the idempotency key of a save that was sent and may have arrived (its answer was
  // lost); sent again, it returns the hand stored the first time. A save never sent gets a key
  // of its own: the page may be an old copy whose key a hand saved since already holds.
  function saveOnPhone(section, key) {
    var form = section.querySelector("form");
    var pairs = [];
    new FormData(form).forEach(function (value, name) { if (name !== "check") pairs.push([name, String(value)]); });
    return waitingHands(form.action).then(function (hands) {
      var chained = hands.some(function (h) { return h.state === "waiting"; });
      var hand = {
        key: key || newKey(), url: form.action, number: Number(valueOf(form, "expect_number")),
        // The first waiting hand is based on the hand in progress this page showed; each one
        // after it on the hand in progress the save before it opens (filled in when sent).
        token: chained ? "" : section.dataset.token,
        dealer: valueOf(form, "dealer"), fields: pairs, summary: summary(form),
        at: Date.now(), state: "waiting", message: ""
      };
      return putHand(hand).then(function () {
        forgetDraft(section);
        advance(section, hand);
        return showOutbox(section);
      });
    });
  }

  // Saving without signal (or a save the network lost): the hand waits on the phone.
  document.addEventListener("submit", function (event) {
    var section = entry();
    if (!section || !section.contains(event.target) || navigator.onLine) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.submitter && event.submitter.name === "check") return;
    saveOnPhone(section);
  }, true);
  function keepOnPhone(event) {
    var section = entry();
    var elt = event.detail && event.detail.elt;
    if (section && elt && elt.tagName === "FORM" && section.contains(elt) && elt.action.indexOf("/hands") !== -1) {
      saveOnPhone(section, valueOf(elt, "key"));
    }
  }
  document.addEventListener("htmx:sendError", keepOnPhone);
  // A 503 is the server's "try again" (its database was out of reach): not sent, kept.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status === 503) keepOnPhone(event);
  });
  // Nothing else waits on the network: without signal, the preview and the polls rest.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) event.preventDefault();
  });

  function csrf() {
    var token = document.querySelector("input[name=csrfmiddlewaretoken]");
    return token ? token.value : "";
  }

  // Send the waiting hands, oldest first, each as the page would have; stop at the first the
  // server refuses: the hands after it were based on it.
  function flush() {
    var section = entry();
    if (!section || flushing || !navigator.onLine) return;
    var url = section.querySelector("form").action;
    waitingHands(url).then(function (hands) {
      hands = hands.filter(function (h) { return h.state === "waiting"; });
      if (!hands.length) return;
      flushing = true;
      sendWaiting(hands, 0, section.dataset.token);
    });
  }
  function sendWaiting(hands, index, current) {
    var hand = hands[index];
    var data = new FormData();
    hand.fields.forEach(function (pair) {
      var value = pair[1];
      if (pair[0] === "token") value = hand.token || current;
      if (pair[0] === "key") value = hand.key;
      data.append(pair[0], value);
    });
    fetch(hand.url, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "HX-Request": "true", "HX-Current-URL": location.href }
    }).then(function (response) {
      return response.text().then(function (html) { return { response: response, html: html }; });
    }).then(function (answer) {
      var status = answer.response.status;
      // The server's "try again" (503): as a dropped connection, the hand waits and goes later.
      if (status === 503) throw new Error("try again");
      var invalid = answer.response.headers.get("HX-Retarget") === "#hand-form";
      var page = new DOMParser().parseFromString(answer.html, "text/html");
      if (status === 200 && !invalid) {
        var next = page.querySelector("#hand-form");
        var token = next ? next.dataset.token : "";
        return dropHand(hand.key).then(function () {
          if (index + 1 < hands.length) {
            hands[index + 1].token = token;
            return putHand(hands[index + 1]).then(function () { sendWaiting(hands, index + 1, token); });
          }
          afterSending(answer.html);
        });
      }
      if (invalid) {
        // The hand breaks a rule Scorer checks on the server: it comes back to the form
        // with the problem shown, to be put right and saved.
        return dropHand(hand.key).then(function () {
          afterSending(null);
          htmx.swap("#hand-form", answer.html, { swapStyle: "outerHTML" });
          showOutbox(entry());
        });
      }
      var notice = page.querySelector(".notice p");
      var message = notice ? notice.textContent : say("notTaken", { status: status });
      var refused = hands.slice(index);
      refused.forEach(function (h, i) {
        h.state = "refused";
        h.message = i === 0 ? message : say("cameAfter");
      });
      return Promise.all(refused.map(putHand)).then(function () {
        afterSending(status === 409 ? answer.html : null);
      });
    }).catch(function () {
      // The connection dropped again: everything still waits, and goes later.
      flushing = false;
      setTimeout(flush, 5000);
    });
  }
  // The page as the last answer left it; what this phone typed for the next hand meanwhile
  // goes to the hand in progress that answer opened.
  function afterSending(html) {
    var before = entry();
    var draft = before ? readDraft(before) : {};
    if (html) htmx.swap("#play", html, { swapStyle: "outerHTML" });
    flushing = false;
    document.body.removeAttribute("data-offline-copy");
    connection();
    var section = entry();
    showOutbox(section).then(function () {
      if (!section || !html) return;
      var form = section.querySelector("form");
      Object.keys(draft).forEach(function (name) { setValue(form, name, draft[name]); change(name, draft[name]); });
      if (Object.keys(draft).length) form.dispatchEvent(new Event("change", { bubbles: true }));
      poll();
    });
  }

  // A line under the top bar while there is no connection, or while the page is the copy
  // kept on this phone.
  function connection() {
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
  window.addEventListener("offline", function () { connection(); offlinePreview(entry()); });
  window.addEventListener("online", function () { connection(); flush(); send(); poll(); });
  document.addEventListener("DOMContentLoaded", function () {
    connection();
    var section = entry();
    if (!section) return;
    showOutbox(section).then(function (hands) {
      var left = hands.filter(function (h) { return h.state === "waiting"; });
      if (left.length) {
        // A page reopened while hands wait: the form is for the hand after the last of them.
        if (!navigator.onLine || document.body.dataset.offlineCopy) advance(section, left[left.length - 1]);
        flush();
      } else {
        var draft = readDraft(section);
        var form = section.querySelector("form");
        Object.keys(draft).forEach(function (name) { setValue(form, name, draft[name]); queued[name] = draft[name]; });
        if (Object.keys(draft).length) { tidyRows(); renderList(form); send(); }
      }
    });
  });
  setInterval(function () { if (waiting && navigator.onLine) flush(); }, 10000);

  function setUp() { setUpPhases(); setUpBuilders(); fadeNotices(); }
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", setUp);
})();

// The language picker (templates/base.html) sends itself once a language is chosen with a
// finger or a mouse. A choice made with the keyboard's arrows waits for its button: stepping
// through the list must not leave the page at the first step.
(function () {
  "use strict";
  var keyed = null;
  document.addEventListener("keydown", function (event) {
    var picker = event.target.closest && event.target.closest("[data-language-picker]");
    keyed = picker ? event.target : null;
  });
  document.addEventListener("pointerdown", function () { keyed = null; });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("[data-language-picker]");
    if (!form || event.target.name !== "language") return;
    if (keyed === event.target) return;
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });
})();

// The circle's time zone, from this phone's clock: it decides which card night a game is in.
// Without script the circle keeps UTC until someone picks a zone in its settings.
(function () {
  "use strict";
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!zone) return;

  // Forms that create a circle, or tell a new circle where it is, carry the zone.
  Array.prototype.forEach.call(document.querySelectorAll("input[data-time-zone]"), function (input) {
    input.value = zone;
  });

  // A circle that has no zone yet takes this phone's, once, without leaving the page.
  var first = document.querySelector("form[data-first-time-zone]");
  if (first && window.fetch) {
    fetch(first.action, {
      method: "POST",
      body: new FormData(first),
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
    }).catch(function () {});
  }

  // The settings page says which zone this phone is in.
  var said = document.querySelector("[data-phone-zone]");
  var name = document.querySelector("[data-time-zone-name]");
  if (said && name) {
    name.textContent = zone;
    said.hidden = false;
  }
})();
