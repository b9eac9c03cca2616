// The scenario editor's live check: runs the text as you type and shows results by line.
// Without JavaScript the Check button does the same by posting the form.
(function () {
  "use strict";

  var form = document.querySelector("form.editor-form");
  if (!form) return;
  var textarea = form.querySelector("textarea[name=text]");
  var panel = document.getElementById("check-results");
  var token = form.querySelector("input[name=csrfmiddlewaretoken]");
  var url = form.getAttribute("data-check-url");
  var timer = null;
  // Its words come from the page (data-*, in the page's language), English as the fallback.
  function word(name, fallback) {
    var value = form.getAttribute("data-" + name);
    return value || fallback;
  }
  var inFlight = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function codeList(prefix, items) {
    var span = el("span", "suggestions", prefix);
    items.forEach(function (item, i) {
      span.appendChild(el("code", "", item));
      span.appendChild(document.createTextNode(i < items.length - 1 ? ", " : "?"));
    });
    return span;
  }

  function goToLine(line) {
    var lines = textarea.value.split("\n");
    var start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
    textarea.focus();
    textarea.setSelectionRange(start, start + (lines[line - 1] || "").length);
  }

  function show(report) {
    panel.replaceChildren();
    if (report.error) {
      panel.appendChild(el("p", "blocking", report.error));
      return;
    }
    var summary = el("p", "checks-summary", report.summary);
    summary.setAttribute("data-summary", "");
    panel.appendChild(summary);
    if (report.blocking && report.blocking.length) {
      var blocking = el("ul", "blocking");
      report.blocking.forEach(function (m) { blocking.appendChild(el("li", "", m)); });
      panel.appendChild(blocking);
    }
    var list = el("ol", "line-report");
    report.lines.forEach(function (entry) {
      var item = el("li", "line-entry status-" + entry.label.replace(/\s+/g, "-"));
      item.setAttribute("data-line", entry.line);
      var number = el("button", "line-number", word("line-word", "Line") + " " + entry.line);
      number.type = "button";
      number.addEventListener("click", function () { goToLine(entry.line); });
      item.appendChild(number);
      item.appendChild(document.createTextNode(" "));
      var mark = el("span", "mark", entry.mark);
      mark.title = entry.label;
      item.appendChild(mark);
      item.appendChild(el("span", "status-word", " " + entry.label));
      entry.messages.forEach(function (m) { item.appendChild(el("span", "step-message", m)); });
      (entry.verdicts || []).forEach(function (v) {
        var text = v.verdict + (v.rule ? " " + word("by-word", "by") + " " + v.rule : "") + (v.article ? " (" + v.article + ")" : "");
        item.appendChild(el("span", "verdict verdict-" + v.verdict, text));
      });
      if (entry.table) {
        // The table the failing step met, for authors (copy-table.js copies it).
        var table = el("span", "table-notation", word("table-here", "The table here:") + " ");
        table.appendChild(el("code", "", entry.table));
        table.appendChild(document.createTextNode(" "));
        var copy = el("button", "copy-table", word("copy-table", "Copy as a table"));
        copy.type = "button";
        copy.hidden = !navigator.clipboard;
        table.appendChild(copy);
        item.appendChild(table);
      }
      if (entry.suggestions && entry.suggestions.length) {
        item.appendChild(codeList(word("did-you-mean", "Did you mean:") + " ", entry.suggestions));
      }
      list.appendChild(item);
    });
    panel.appendChild(list);
  }

  function check() {
    if (inFlight) inFlight.abort();
    inFlight = new AbortController();
    var body = new FormData();
    body.append("text", textarea.value);
    panel.setAttribute("aria-busy", "true");
    fetch(url, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": token ? token.value : "" },
      credentials: "same-origin",
      signal: inFlight.signal,
    })
      .then(function (response) { return response.json(); })
      .then(show)
      .catch(function (error) {
        if (error.name !== "AbortError") {
          show({ error: word("check-failed", "The check could not run just now; press Check to try again.") });
        }
      })
      .finally(function () { panel.removeAttribute("aria-busy"); });
  }

  textarea.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(check, 400);
  });
})();
