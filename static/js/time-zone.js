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
