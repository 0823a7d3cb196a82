// A club night's paper (templates/games/club_print_base.html): with script, a button opens
// the browser's Print dialog; without, the page says to use the browser's own command.
(function () {
  "use strict";
  var button = document.querySelector("[data-print]");
  if (!button) return;
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
})();
