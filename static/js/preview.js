// The preview of the hand ("This hand scores…") comes from the server as it is typed (htmx,
// templates/games/game.html). Without signal it cannot: it says the hand is checked later.
import { say } from "./words.js";
import { entry } from "./core.js";

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

