// The Print button: shown only when this script runs (the site's CSP forbids inline script),
// and hidden again on paper by the print styles.
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
