// Live preview on the wiki's edit pages: after a pause in typing, post the form with
// "preview" (the same request the Preview button makes, CSRF token included) and show the
// rendered text. Without JavaScript the Preview button does the same with a page load.
(function () {
  "use strict";
  var form = document.querySelector("form.wiki-form");
  var panel = document.getElementById("wiki-preview");
  if (!form || !panel || !window.fetch || !window.DOMParser) {
    return;
  }
  var timer = null;
  var latest = 0;

  function refresh() {
    var data = new FormData(form);
    data.set("preview", "1");
    var ticket = ++latest;
    fetch(form.getAttribute("action") || window.location.href, {
      method: "POST",
      body: data,
      credentials: "same-origin",
    })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (ticket !== latest) { return; } // a newer preview is on its way
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.querySelector("#wiki-preview .wiki-preview__body");
        if (fresh) {
          panel.querySelector(".wiki-preview__body").replaceChildren(...fresh.childNodes);
          panel.hidden = false;
        }
      })
      .catch(function () { /* the Preview button still works */ });
  }

  form.addEventListener("input", function (event) {
    if (event.target.tagName !== "TEXTAREA") { return; }
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, 600);
  });
})();
