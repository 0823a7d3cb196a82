// The pads a hand is typed on: numbers that fill in each other, steppers, the meld
// calculator's cards, the gömü's card pickers, and the keyboard's way through a step.

// Card points: typing one team's points fills in the other's (total − x). A number past the
// deck empties the other box rather than leave it: what it held was filled in from an
// earlier number (20 on the way to 200), and no number would be right beside this one. The
// preview says why at once.
document.addEventListener("input", function (event) {
  var input = event.target;
  if (!input.dataset || !input.dataset.other) return;
  var group = input.closest("[data-total]");
  var other = document.getElementById(input.dataset.other);
  if (!group || !other) return;
  var total = parseInt(group.dataset.total, 10);
  var value = parseInt(input.value, 10);
  if (isNaN(value)) return;
  other.value = value >= 0 && value <= total ? String(total - value) : "";
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

// Points that add up to a total: typing the others fills in the last one. The gömü (Tekli),
// entered during play, counts toward the total too.
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
  // Past the total, the last box is emptied, not left at what an earlier number filled in.
  var left = parseInt(group.dataset.sum, 10) - sum;
  var filled = left >= 0 ? String(left) : "";
  if (rest.value !== filled) {
    rest.value = filled;
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

document.addEventListener("focusin", function (event) {
  if (event.target.hasAttribute && event.target.hasAttribute("data-select-on-focus")) {
    event.target.select();
  }
});

// Enter in a number never saves half a hand: it moves on to the next box of the step (the
// phone keyboard's "next"), or closes the keyboard after the last one.
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

// Tapping who bid (or who held the called card) opens the keyboard on the number that goes
// with it, while that number is still empty: tap the player, type the bid.
document.addEventListener("change", function (event) {
  var group = event.target.closest && event.target.closest("[data-then]");
  if (!group || event.target.type !== "radio") return;
  var box = document.getElementById(group.dataset.then);
  if (box && !box.value && box.offsetParent !== null) box.focus();
});
