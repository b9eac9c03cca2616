// The Print button: shown only when this script runs (the site's CSP forbids inline script),
// and hidden again on paper by the print styles. On an article page it first fetches every
// scenario check's whole drawing (static/js/drawings.js), so the printout has them all.
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      const drawings = window.siteDrawings;
      if (!drawings) { window.print(); return; }
      button.disabled = true;
      drawings.loadAll().finally(function () {
        button.disabled = false;
        window.print();
      });
    });
  });
})();
