// The search box's suggestions: as the reader types, ask /search/?format=json and offer
// the results as an ARIA combobox listbox. Only textContent is set, never HTML, so nothing
// in a title can run. Without JavaScript the box is a plain GET form.
(function () {
  "use strict";

  var DELAY_MS = 150;
  // Each result carries its kind's plain label ("Ruling", "House rule"); these are for an
  // older answer without one.
  var KINDS = {
    ruling: "Ruling",
    article: "Article",
    commentary: "Commentary",
    question: "Q&A",
    source: "Source",
    scenario: "Scenario check",
    term: "Glossary",
    houserule: "House rule",
    talk: "Discussion",
    case: "Decided case",
    tile: "Tile",
  };

  function setUp(form) {
    var input = form.querySelector("input[name=q]");
    var list = form.querySelector("[role=listbox]");
    var status = form.querySelector("[role=status]");
    if (!input || !list) return;
    var url = form.getAttribute("data-suggest-url");
    // The status lines in the page's language (templates/search/_search_box.html), English
    // as the fallback; "{n}" is the number of suggestions.
    var saysNone = form.getAttribute("data-no-suggestions") || "No suggestions.";
    var saysOne = form.getAttribute("data-one-suggestion") || "1 suggestions.";
    var saysMany = form.getAttribute("data-suggestions") || "{n} suggestions.";
    var timer = null;
    var controller = null;
    var active = -1;

    function options() {
      return list.querySelectorAll("[role=option]");
    }

    function close() {
      list.hidden = true;
      list.textContent = "";
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function highlight(index) {
      var items = options();
      if (!items.length) return;
      active = (index + items.length) % items.length;
      for (var i = 0; i < items.length; i++) {
        items[i].setAttribute("aria-selected", i === active ? "true" : "false");
      }
      input.setAttribute("aria-activedescendant", items[active].id);
      items[active].scrollIntoView({ block: "nearest" });
    }

    function show(results) {
      close();
      if (!results.length) {
        if (status) status.textContent = saysNone;
        return;
      }
      results.forEach(function (result, i) {
        if (!result.url) return;
        var item = document.createElement("li");
        item.id = "search-box-option-" + i;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.className = "search-box__option";
        item.setAttribute("data-url", result.url);
        var text = document.createElement("span");
        text.className = "search-box__option-text";
        var title = document.createElement("span");
        title.className = "search-box__option-title";
        title.textContent = result.title;
        text.appendChild(title);
        if (result.answer) {
          // A ruling answers here: often the TD need not open it.
          var answer = document.createElement("span");
          answer.className = "search-box__option-answer";
          answer.textContent = (result.verdict ? result.verdict + ": " : "") + result.answer;
          text.appendChild(answer);
        }
        var kind = document.createElement("span");
        kind.className = "search-box__option-kind";
        kind.textContent = result.label || KINDS[result.kind] || "";
        item.appendChild(text);
        item.appendChild(kind);
        item.addEventListener("mousedown", function (event) {
          event.preventDefault(); // keep focus in the box until we navigate
          window.location.assign(result.url);
        });
        list.appendChild(item);
      });
      if (!options().length) return;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      var count = options().length;
      if (status) status.textContent = (count === 1 ? saysOne : saysMany).replace("{n}", count);
    }

    function fetchSuggestions() {
      var q = input.value;
      if (q.trim().length < 2) {
        close();
        return;
      }
      if (controller) controller.abort();
      controller = "AbortController" in window ? new AbortController() : null;
      var address = url + "?format=json&q=" + encodeURIComponent(q);
      fetch(address, {
        headers: { Accept: "application/json" },
        signal: controller ? controller.signal : undefined,
      })
        .then(function (response) {
          return response.ok ? response.json() : { results: [] };
        })
        .then(function (data) {
          if (input.value === q) show(data.results || []);
        })
        .catch(function () {
          /* aborted or offline: the form still works */
        });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchSuggestions, DELAY_MS);
    });

    input.addEventListener("keydown", function (event) {
      if (list.hidden) return;
      if (event.key === "ArrowDown") {
        event.preventDefault();
        highlight(active + 1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(active - 1);
      } else if (event.key === "Escape") {
        event.preventDefault(); // close the list; keep what was typed
        close();
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        window.location.assign(options()[active].getAttribute("data-url"));
      }
    });

    input.addEventListener("blur", function () {
      setTimeout(close, 100);
    });
  }

  function start() {
    var forms = document.querySelectorAll("form.search-box");
    for (var i = 0; i < forms.length; i++) setUp(forms[i]);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
