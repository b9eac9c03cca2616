/* Search offline: when the search page was answered by a copy kept with "Keep for offline use"
   (offline.js says which, as `window.offlineCopy`), search that copy's index with MiniSearch
   (static/vendor/minisearch, loaded only then) and list what it finds as the online results
   do: a ruling's answer line first (the tournament's, where its house rules change it), then
   the League's. Online this script does nothing. Everything it writes is text. */
"use strict";

(function () {
  const script = document.currentScript;
  const SNIPPET = 180; // characters of a page's words under its title

  function loadMiniSearch(src) {
    if (window.MiniSearch) return Promise.resolve(window.MiniSearch);
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = () => resolve(window.MiniSearch);
      tag.onerror = () => reject(new Error("The search library was not saved."));
      document.head.append(tag);
    });
  }

  function element(name, className, text) {
    const made = document.createElement(name);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function snippet(text) {
    return text.length > SNIPPET ? `${text.slice(0, SNIPPET).replace(/\s+\S*$/, "")}…` : text;
  }

  function result(found) {
    const item = element("li", "search-result");
    const link = element("a", "", found.title);
    link.href = found.url;
    item.append(link, document.createTextNode(" "), element("span", "search-result__kind", found.kind));
    if (found.answer) {
      item.append(element("p", "search-result__answer", found.answer));
      if (found.league) item.append(element("p", "search-result__league", found.league));
    } else if (found.text) {
      item.append(element("p", "search-result__snippet", snippet(found.text)));
    }
    return item;
  }

  function search(index, query) {
    const engine = new window.MiniSearch({ fields: index.fields, storeFields: [...index.store, "text"] });
    engine.addAll(index.documents);
    const options = {
      prefix: true,
      fuzzy: 0.2,
      boost: { title: 2, answer: 1.5 },
      // Rulings first among equals, as online.
      boostDocument: (id, term, stored) => (stored && stored.kind === "Ruling" ? 1.5 : 1),
    };
    const all = engine.search(query, { ...options, combineWith: "AND" });
    if (all.length) return { found: all, broadened: false };
    return { found: engine.search(query, { ...options, combineWith: "OR" }), broadened: true };
  }

  async function answerFromCopy() {
    const meta = window.offlineCopy ? await window.offlineCopy : null;
    const page = document.querySelector(".search-page");
    if (!meta || !meta.searchIndex || !page) return;
    const query = (new URLSearchParams(window.location.search).get("q") || "").trim();
    const words = document.getElementById("search-q");
    if (words) words.value = query;
    const box = document.getElementById("search-box-q");
    if (box) box.value = query;
    // The rule set and kind filters ask the server: offline, only words are searched.
    page.querySelectorAll(".search-filters__field:not(.search-filters__words)").forEach((field) => field.remove());
    const form = page.querySelector(".search-filters");
    while (form && form.nextElementSibling) form.nextElementSibling.remove();
    if (!query) return;
    // scripts/bench_offline.py times the whole answer, and the query once all is loaded.
    performance.mark("offline-search-start");

    const heading = page.querySelector("h1");
    if (heading) heading.textContent = `Search: “${query}”`;
    document.title = `${query} — search (offline)`;
    const note = element("p", "search-note");
    page.append(note);
    try {
      const [, index] = await Promise.all([
        loadMiniSearch(script.dataset.minisearch),
        fetch(meta.searchIndex).then((answer) => answer.json()),
      ]);
      performance.mark("offline-search-loaded");
      const { found, broadened } = search(index, query);
      if (!found.length) {
        note.textContent = `Nothing found for “${query}” in the pages saved for offline use.`;
        return;
      }
      note.textContent = broadened
        ? "No saved page has every word you typed; these have most of them."
        : `Found in the pages saved for offline use (${found.length}).`;
      const list = element("ol", "search-results");
      list.append(...found.slice(0, 30).map(result));
      page.append(list);
      performance.measure("offline search", "offline-search-start");
      performance.measure("offline query", "offline-search-loaded");
    } catch (error) {
      note.textContent = `The saved pages could not be searched: ${error.message}`;
    }
  }
  answerFromCopy();
})();
