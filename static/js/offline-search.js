/* Search offline: when the search page was answered by a copy kept with "Keep for offline use"
   (offline.js says which, as `window.offlineCopy`), search that copy's index with MiniSearch
   (static/vendor/minisearch, loaded only then) and list what it finds as the online results
   do: a ruling's answer line first (the tournament's, where its house rules change it), then
   the League's. The index is built once, when the page opens; then the results change as the
   reader types, without a page load. Online this script does nothing. Everything it writes
   is text. */
"use strict";

(function () {
  const script = document.currentScript;
  const SNIPPET = 180; // characters of a page's words under its title
  // What it says, in the page's language: the script tag's data-say-* attributes
  // (templates/search/search.html), English as the fallback; {query}, {n}, {error} filled in.
  const SAY = {
    heading: "Search: “{query}”",
    search: "Search",
    title: "{query} — search (offline)",
    hint: "Type a question or a few words: the pages saved for offline use answer.",
    nothing: "Nothing found for “{query}” in the pages saved for offline use.",
    broadened: "No saved page has every word you typed; these have most of them.",
    found: "Found in the pages saved for offline use ({n}).",
    failed: "The saved pages could not be searched: {error}",
    unsaved: "The search library was not saved.",
  };
  function say(name, values) {
    const key = "say" + name.charAt(0).toUpperCase() + name.slice(1);
    const words = (script && script.dataset[key]) || SAY[name];
    return words.replace(/\{(\w+)\}/g, (whole, field) => (values && field in values ? values[field] : whole));
  }

  function loadMiniSearch(src) {
    if (window.MiniSearch) return Promise.resolve(window.MiniSearch);
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = () => resolve(window.MiniSearch);
      tag.onerror = () => reject(new Error(say("unsaved")));
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

  const OPTIONS = {
    prefix: true,
    fuzzy: 0.2,
    boost: { title: 2, answer: 1.5 },
    // Rulings first among equals, as online.
    boostDocument: (id, term, stored) => (stored && stored.kind === "Ruling" ? 1.5 : 1),
  };

  function build(index) {
    const engine = new window.MiniSearch({ fields: index.fields, storeFields: [...index.store, "text"] });
    engine.addAll(index.documents);
    return engine;
  }

  function search(engine, query) {
    const all = engine.search(query, { ...OPTIONS, combineWith: "AND" });
    if (all.length) return { found: all, broadened: false };
    return { found: engine.search(query, { ...OPTIONS, combineWith: "OR" }), broadened: true };
  }

  // The results of one query under the note, replacing the last query's.
  function show(page, note, engine, query) {
    const heading = page.querySelector("h1");
    if (heading) heading.textContent = query ? say("heading", { query }) : say("search");
    document.title = say("title", { query: query || say("search") });
    page.querySelectorAll(".search-results").forEach((list) => list.remove());
    if (!query) {
      note.textContent = say("hint");
      return;
    }
    const { found, broadened } = search(engine, query);
    if (!found.length) {
      note.textContent = say("nothing", { query });
      return;
    }
    note.textContent = broadened ? say("broadened") : say("found", { n: found.length });
    const list = element("ol", "search-results");
    list.append(...found.slice(0, 30).map(result));
    page.append(list);
  }

  // After the next frame is drawn: what a reader waits for.
  function whenDrawn(then) {
    requestAnimationFrame(() => setTimeout(then, 0));
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
    // scripts/bench_offline.py times the whole first answer, the index's loading, and each
    // answer as the reader types.
    performance.mark("offline-search-start");
    const note = element("p", "search-note");
    note.setAttribute("role", "status"); // read out as the results change while typing
    page.append(note);
    let engine;
    try {
      const [, index] = await Promise.all([
        loadMiniSearch(script.dataset.minisearch),
        fetch(meta.searchIndex).then((answer) => answer.json()),
      ]);
      engine = build(index);
    } catch (error) {
      note.textContent = say("failed", { error: error.message });
      return;
    }
    performance.measure("offline index load", "offline-search-start");
    show(page, note, engine, query);
    whenDrawn(() => performance.measure("offline search", "offline-search-start"));

    // Offline, the form would only come back to this page: answer in place as the reader
    // types, the address kept in step so Back and a reload show the same answer.
    const answer = (event) => {
      const typed = event.target.value.trim();
      if (words && event.target !== words) words.value = event.target.value;
      if (box && event.target !== box) box.value = event.target.value;
      show(page, note, engine, typed);
      const address = new URL(window.location.href);
      address.searchParams.set("q", typed);
      history.replaceState(null, "", address);
      const typedAt = event.timeStamp;
      whenDrawn(() => performance.measure("offline query", { start: typedAt }));
    };
    [words, box].forEach((field) => {
      if (!field) return;
      field.addEventListener("input", answer);
      field.form?.addEventListener("submit", (event) => {
        event.preventDefault();
        answer({ target: field, timeStamp: event.timeStamp });
      });
    });
  }
  answerFromCopy();
})();
