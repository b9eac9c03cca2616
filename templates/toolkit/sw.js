/* The service worker: serves a tournament's pages saved with "Keep for offline use" when the
   network is gone. Online, every request goes to the network as usual; only when a fetch fails
   does a saved copy answer, with a line saying when it was saved. Pages are saved without
   cookies, so a saved copy is what an anonymous reader sees: nothing private is stored. */
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

function savedLine(meta) {
  const when = new Date(meta.savedAt).toLocaleString();
  return `<p class="offline-banner" role="status">You are offline. This is the copy of ${meta.name} saved for offline use on <time datetime="${meta.savedAt}">${when}</time>.</p>`;
}

async function fromSavedCopy(request) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const found = await cache.match(request, { ignoreSearch: true });
    if (!found) continue;
    if (request.mode !== "navigate") return found;
    const meta = await (await cache.match(META)).json();
    const html = (await found.text()).replace(/(<main\b[^>]*>)/, `$1${savedLine(meta)}`);
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
  return undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const saved = await fromSavedCopy(request);
      if (saved) return saved;
      return new Response("<h1>Offline</h1><p>This page was not saved for offline use.</p>", {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
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
  }
});
