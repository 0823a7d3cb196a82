// Without signal: the page opens from the phone, the hand goes on being entered, and a saved
// hand waits on the phone (IndexedDB) until the connection is back. Hands waiting go oldest
// first, each on the hand in progress the answer to the one before opened.
import { say, sayCount } from "./words.js";
import { CONTROL, controls, csrf, entry, held, nameDealer, newKey, ready, setValue, showPhase, tell, valueOf } from "./core.js";
import { forgetDraft, readDraft } from "./draft.js";
import { change, poll, quietly, send, takeDraft } from "./sync.js";
import { offlinePreview } from "./preview.js";
import { connection } from "./connection.js";

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
    held.waiting = hands.filter(function (h) { return h.state === "waiting"; }).length;
    var waiting = held.waiting;
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
  quietly(function () {
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
      if (label) nameDealer(label);
    }
    setValue(form, "key", newKey());
    setValue(form, "expect_number", String(last.number + 1));
    var heading = section.querySelector("h2");
    if (heading) heading.textContent = say("hand", { number: last.number + 1 });
    var meta = document.querySelector("[data-next-hand]");
    if (meta) meta.textContent = say("hand", { number: last.number + 1 });
    section.dataset.offlineAfter = last.key;
    takeDraft(form, readDraft(section), true);
  });
  tell("redrawn", form);
  showPhase(section, "before", true);
  offlinePreview(section);
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

// Send the waiting hands, oldest first, each as the page would have; stop at the first the
// server refuses: the hands after it were based on it.
function flush() {
  var section = entry();
  if (!section || held.flushing || !navigator.onLine) return;
  var url = section.querySelector("form").action;
  waitingHands(url).then(function (hands) {
    hands = hands.filter(function (h) { return h.state === "waiting"; });
    if (!hands.length) return;
    held.flushing = true;
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
    held.flushing = false;
    setTimeout(flush, 5000);
  });
}
// The page as the last answer left it; what this phone typed for the next hand meanwhile
// goes to the hand in progress that answer opened.
function afterSending(html) {
  var before = entry();
  var draft = before ? readDraft(before) : {};
  if (html) htmx.swap("#play", html, { swapStyle: "outerHTML" });
  held.flushing = false;
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

window.addEventListener("online", flush);
ready(function () {
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
      takeDraft(form, draft, false);
      if (Object.keys(draft).length) { tell("redrawn", form); send(); }
    }
  });
});
setInterval(function () { if (held.waiting && navigator.onLine) flush(); }, 10000);
