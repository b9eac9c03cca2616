// The hand check's engine for offline use: the rules library in the browser (Pyodide, our
// wheel of it, and the server's own hand check module), judging on the card the page names.
// Loaded after the page is drawn, and only when a copy is kept for offline use (or the page
// came from one): a reader online who kept nothing never downloads it. hand-check.js asks it
// when the server cannot be reached; the answer is the server's, computed by the same code.
(function () {
  "use strict";
  const page = document.querySelector(".hand-check[data-engine-pyodide]");
  if (!page) return;
  const where = page.dataset;
  let loading = null;

  async function fetched(url, as) {
    const response = await fetch(url);
    if (!response.ok) throw new Error("The hand check's engine was not saved.");
    return response[as]();
  }

  async function load() {
    const { loadPyodide } = await import(where.enginePyodide + "pyodide.mjs");
    const [pyodide, wheel, module, card] = await Promise.all([
      loadPyodide({ indexURL: where.enginePyodide }),
      fetched(where.engineWheel, "arrayBuffer"),
      fetched(where.engineModule, "text"),
      fetched(where.engineCard, "json"),
    ]);
    pyodide.unpackArchive(wheel, "wheel");
    pyodide.FS.writeFile("/home/pyodide/hand_check.py", module);
    pyodide.globals.set("kept_card", JSON.stringify(card));
    // The page's JSON, from the same function the server's view calls.
    return pyodide.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide")
import hand_check

card = hand_check.card_from(json.loads(kept_card))

def judge(tiles, exposures):
    answer, error = hand_check.answer_or_error(card, tiles, exposures)
    return json.dumps({"error": error} if error is not None else answer)

judge
`);
  }

  function engine() {
    if (!loading) {
      // Timed for scripts/bench_offline.py: "offline engine load", from the start to ready.
      const started = performance.now();
      loading = load().then(function (judge) {
        performance.measure("offline engine load", { start: started, end: performance.now() });
        return judge;
      }, function (error) {
        loading = null; // tried again at the next check
        throw error;
      });
    }
    return loading;
  }

  window.handEngine = {
    // The answer for these fields, as /hand/check.json gives it.
    check: async function (tiles, exposures) {
      const judge = await engine();
      return JSON.parse(judge(tiles, exposures));
    },
    ready: engine,
  };

  function ask(worker, message) {
    return new Promise(function (resolve) {
      const channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage(message, [channel.port2]);
    });
  }

  // Kept for offline use (or opened from a kept copy): load the engine once the page is drawn
  // and the browser is idle, so the first answer offline comes without the wait.
  async function keptCopy() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return false;
    if (window.offlineCopy && (await window.offlineCopy)) return true;
    const answer = await ask(worker, { type: "status" });
    return Boolean(answer && answer.metas && answer.metas.length);
  }
  window.addEventListener("load", function () {
    const idle = window.requestIdleCallback || function (callback) { setTimeout(callback, 200); };
    idle(function () {
      keptCopy().then(function (kept) { if (kept) engine().catch(function () {}); });
    });
  });
})();
