{% load static %}/* The service worker: serves a tournament's pages saved with "Keep for offline use" when the
   network is gone. Online, every request goes to the network as usual; only when a fetch fails
   does a saved copy answer. Pages are saved without cookies, so a saved copy is what an
   anonymous reader sees: nothing private is stored.

   A saved page is answered exactly as it was stored, its headers (the Content-Security-Policy
   among them) included: this worker adds no markup. The page's own script (static/js/offline.js)
   asks which copy answered it and writes the "You are offline" line itself, as text. */
"use strict";

const PREFIX = "offline-";
const META = "/__offline-meta__";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function save(manifestUrl) {
  const answer = await fetch(manifestUrl, { credentials: "omit", cache: "no-store" });
  if (!answer.ok) throw new Error("The list of pages to keep could not be read.");
  const manifest = await answer.json();
  const name = PREFIX + manifest.tournament;
  await caches.delete(name); // a fresh copy replaces the old one whole
  const cache = await caches.open(name);
  const assets = new Set();
  let saved = 0;
  for (const url of manifest.pages) {
    const page = await fetch(url, { credentials: "omit", cache: "no-store" });
    if (!page.ok) continue;
    const text = await page.clone().text();
    for (const match of text.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)) assets.add(match[1]);
    await cache.put(url, page);
    saved += 1;
  }
  for (const url of manifest.assets || []) assets.add(url); // MiniSearch: no kept page names it
  for (const url of assets) {
    const asset = await fetch(url, { credentials: "omit" });
    if (asset.ok) await cache.put(url, asset);
  }
  const meta = {
    tournament: manifest.tournament,
    name: manifest.name,
    sheetVersion: manifest.sheet_version,
    version: manifest.version,
    manifest: manifestUrl,
    pages: saved,
    searchIndex: manifest.search_index,
    fallback: manifest.fallback,
    savedAt: new Date().toISOString(),
  };
  await cache.put(META, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
  return meta;
}

async function savedCopies() {
  const metas = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const found = await (await caches.open(name)).match(META);
    if (found) metas.push(await found.json());
  }
  return metas;
}

// The pages a saved copy answered, by the id of the window each opened in, with that copy's
// metadata: the page asks once, as it loads (the worker is kept running that long).
const answeredFromCopy = new Map();

async function fromSavedCopy(request) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const response = await cache.match(request, { ignoreSearch: true });
    if (response) return { response, meta: await (await cache.match(META)).json() };
  }
  return undefined;
}

// A page that was not kept, opened offline: a saved copy's own page for it (links to what
// was kept), answered as "unavailable" with the headers it was stored with.
async function fallbackFromCopy() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const found = await cache.match(META);
    const meta = found && (await found.json());
    const page = meta && meta.fallback && (await cache.match(meta.fallback));
    if (page) {
      const response = new Response(await page.blob(), { status: 503, headers: page.headers });
      return { response, meta };
    }
  }
  return undefined;
}

// No saved copy at all (or an older one without a fallback page): fixed words, no data in
// it, under the site's own policy.
const NOT_SAVED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not saved for offline use · Rulings</title><link rel="stylesheet" href="{% static 'css/site.css' %}"></head>
<body><main id="main" class="site-main"><h1>You are offline</h1>
<p>This page was not saved for offline use. Go back to a page you kept, or open it again when you have a network.</p></main></body></html>`;

function notSaved() {
  return new Response(NOT_SAVED, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "{{ site_policy|escapejs }}",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const navigating = request.mode === "navigate";
      const saved = (await fromSavedCopy(request)) || (navigating && (await fallbackFromCopy()));
      if (!saved) return notSaved();
      if (navigating && event.resultingClientId) {
        answeredFromCopy.set(event.resultingClientId, saved.meta);
      }
      return saved.response; // as stored: its own headers, CSP included (the fallback's too)
    }),
  );
});

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const reply = (value) => port && port.postMessage(value);
  if (event.data && event.data.type === "save") {
    event.waitUntil(save(event.data.manifest).then((meta) => reply({ meta }), (error) => reply({ error: String(error.message || error) })));
  } else if (event.data && event.data.type === "status") {
    event.waitUntil(savedCopies().then((metas) => reply({ metas })));
  } else if (event.data && event.data.type === "answered-from-copy") {
    // Was the asking page answered by a saved copy? Its metadata, or null.
    const id = event.source && event.source.id;
    reply({ meta: answeredFromCopy.get(id) || null });
    answeredFromCopy.delete(id);
  }
});
