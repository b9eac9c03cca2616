// An article's scenario checks come light (a line per situation, no tiles): a check's whole
// drawing is fetched from its data-drawing address when the reader opens it, and replaces
// the light body. Without this script the light body links to the check's own page.
// window.siteDrawings.loadAll() fetches every one (the Print button waits for it).
(function () {
  "use strict";
  const loading = new Map();

  function load(details) {
    if (!details.dataset.drawing) return Promise.resolve();
    if (loading.has(details)) return loading.get(details);
    details.setAttribute("aria-busy", "true");
    const done = fetch(details.dataset.drawing, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        const fetched = document.createElement("template");
        fetched.innerHTML = html;  // inert: a template's content neither runs nor loads
        const body = fetched.content.querySelector(".scenario-body");
        if (body) {
          // An author's drawing comes with each step's table (rulings/_step_tables.html).
          const tables = fetched.content.querySelector(".step-tables");
          if (tables) body.append(tables);
          details.querySelector(".scenario-body").replaceWith(body);
          if (tables && window.showCopyButtons) window.showCopyButtons(body);
        }
        delete details.dataset.drawing;
      })
      .catch(function () { loading.delete(details); })  // the light body and its link stay
      .finally(function () { details.removeAttribute("aria-busy"); });
    loading.set(details, done);
    return done;
  }

  const checks = document.querySelectorAll("details[data-drawing]");
  checks.forEach(function (details) {
    details.addEventListener("toggle", function () { if (details.open) load(details); });
    if (details.open) load(details);  // a check that did not pass comes open
  });

  window.siteDrawings = {
    loadAll: function () { return Promise.all(Array.from(checks, load)); },
  };
})();
