{% load static %}/* The service worker, on Workbox (vendored in static/vendor/workbox/, never from a CDN): serves a
   tournament's pages saved with "Keep for offline use" when the network is gone. Online, every
   request goes to the network as usual (a NetworkOnly route); only when a fetch fails does a
   saved copy answer (the route's handlerDidError), and a page found in none is answered by the
   navigation fallback (the catch handler). Pages are saved without cookies, so a saved copy is
   what an anonymous reader sees: nothing private is stored — but for the pages the list names
   `signed_in` (a private card's hand check, for a reader who may see it: toolkit/offline.py),
   kept with the reader's cookies in a cache of their own that answers first and is forgotten
   at sign-out, or when the site no longer lists them for whoever is signed in (offline.js asks).

   A saved page is answered exactly as it was stored, its headers (the Content-Security-Policy
   among them) included: this worker adds no markup. The page's own script (static/js/offline.js)
   asks which copy answered it and writes the "You are offline" line itself, as text. */
"use strict";

importScripts(
  "{% static 'vendor/workbox/workbox-core.prod.js' %}",
  "{% static 'vendor/workbox/workbox-routing.prod.js' %}",
  "{% static 'vendor/workbox/workbox-strategies.prod.js' %}",
  "{% static 'vendor/workbox/workbox-cacheable-response.prod.js' %}",
  "{% static 'vendor/workbox/workbox-precaching.prod.js' %}",
);

const PREFIX = "offline-";
const META = "/__offline-meta__";
const NO_COOKIES = { credentials: "omit", cache: "no-store" };
const WITH_COOKIES = { credentials: "same-origin", cache: "no-store" };
const SIGNED_IN = "~signed-in"; // the cache of a copy's pages kept with the reader's cookies

workbox.core.setCacheNameDetails({ prefix: "rulings" });
workbox.core.skipWaiting();
workbox.core.clientsClaim();

// Precached at install, for every reader: the page that answers, offline, when no copy was
// kept, and its stylesheet. Fetched without cookies too; each revision is its content's hash.
workbox.precaching.addPlugins([
  { requestWillFetch: async ({ request }) => new Request(request.url, NO_COOKIES) },
]);
workbox.precaching.precache({{ precache|safe }});
workbox.precaching.cleanupOutdatedCaches();
const NOTHING_KEPT = "{{ nothing_kept }}";

// Saving a copy: each page fetched without cookies and stored in the tournament's own cache
// when it answered 200 (Workbox's strategy writes it, the plugin keeps only good answers).
function keeper(cacheName, fetchOptions) {
  return new workbox.strategies.NetworkFirst({
    cacheName,
    fetchOptions,
    plugins: [new workbox.cacheableResponse.CacheableResponsePlugin({ statuses: [200] })],
  });
}

async function keep(strategy, event, url) {
  const options = strategy.fetchOptions;
  const [answer, done] = strategy.handleAll({ event, request: new Request(url, options) });
  try {
    const response = await answer;
    await done;
    return response.status === 200 ? response : null;
  } catch (error) {
    return null; // a page that cannot be fetched now is left out, not the whole copy
  }
}

async function save(manifestUrl, event) {
  // Asked with the reader's cookies: the list names the pages this reader keeps signed in.
  const answer = await fetch(manifestUrl, WITH_COOKIES);
  if (!answer.ok) throw new Error("The list of pages to keep could not be read.");
  const manifest = await answer.json();
  const name = PREFIX + manifest.tournament;
  // A fresh copy replaces the old one whole, its signed-in pages too.
  await Promise.all([caches.delete(name), caches.delete(name + SIGNED_IN)]);
  const strategy = keeper(name, NO_COOKIES);
  const assets = new Set();
  let saved = 0;
  for (const url of manifest.pages) {
    const page = await keep(strategy, event, url);
    if (!page) continue;
    const text = await page.clone().text();
    for (const match of text.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)) assets.add(match[1]);
    saved += 1;
  }
  // What no kept page names: MiniSearch, the engine for the hand check (Pyodide, our wheel).
  for (const url of manifest.assets || []) assets.add(url);
  for (const url of assets) await keep(strategy, event, url);
  const signedIn = keeper(name + SIGNED_IN, WITH_COOKIES);
  let keptSignedIn = 0;
  for (const url of manifest.signed_in || []) if (await keep(signedIn, event, url)) keptSignedIn += 1;
  const meta = {
    tournament: manifest.tournament,
    name: manifest.name,
    sheetVersion: manifest.sheet_version,
    version: manifest.version,
    manifest: manifestUrl,
    pages: saved,
    signedIn: keptSignedIn,
    searchIndex: manifest.search_index,
    fallback: manifest.fallback,
    savedAt: new Date().toISOString(),
  };
  await putMeta(await caches.open(name), meta);
  return meta;
}

function putMeta(cache, meta) {
  return cache.put(META, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
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

// Forget the pages kept signed in: every copy's (sign-out), or one tournament's.
async function forgetSignedIn(tournament) {
  const names = (await caches.keys()).filter(
    (name) => name.startsWith(PREFIX) && name.endsWith(SIGNED_IN) && (!tournament || name === PREFIX + tournament + SIGNED_IN),
  );
  await Promise.all(names.map((name) => caches.delete(name)));
  for (const name of names) {
    const cache = await caches.open(name.slice(0, -SIGNED_IN.length));
    const found = await cache.match(META);
    if (!found) continue;
    await putMeta(cache, { ...(await found.json()), signedIn: 0 });
  }
  return names.length;
}

// The page's address in each language the site has, its own first: a copy is kept in its
// tournament's language, and answers a reader who opens the page in another.
const LANGUAGE_PREFIXES = {{ language_prefixes|safe }};
function inEveryLanguage(request) {
  const url = new URL(request.url);
  const own = LANGUAGE_PREFIXES.find((prefix) => url.pathname.startsWith(prefix + "/")) || "";
  const path = url.pathname.slice(own.length);
  const others = ["", ...LANGUAGE_PREFIXES].filter((prefix) => prefix !== own);
  return [request, ...others.map((prefix) => url.origin + prefix + path + url.search)];
}

async function matchAnyLanguage(cache, request) {
  for (const address of inEveryLanguage(request)) {
    const response = await cache.match(address, { ignoreSearch: true });
    if (response) return response;
  }
  return undefined;
}

// A copy's signed-in pages answer before its anonymous ones (the same addresses).
async function fromSavedCopy(request) {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  names.sort((a, b) => Number(b.endsWith(SIGNED_IN)) - Number(a.endsWith(SIGNED_IN)));
  for (const name of names) {
    const response = await matchAnyLanguage(await caches.open(name), request);
    if (!response) continue;
    const copy = await caches.open(name.endsWith(SIGNED_IN) ? name.slice(0, -SIGNED_IN.length) : name);
    const meta = await copy.match(META);
    if (meta) return { response, meta: await meta.json() };
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
    if (page) return { response: unavailable(page, await page.blob()), meta };
  }
  return undefined;
}

function unavailable(page, body) {
  return new Response(body, { status: 503, headers: page.headers });
}

function remember(event, saved) {
  if (event && event.request.mode === "navigate" && event.resultingClientId) {
    answeredFromCopy.set(event.resultingClientId, saved.meta);
  }
  return saved.response; // as stored: its own headers, CSP included (the fallback's too)
}

// Online, the network; when it fails, the page or file from a saved copy.
const answerFromSavedCopy = {
  handlerDidError: async ({ request, event }) => {
    const saved = await fromSavedCopy(request);
    return saved ? remember(event, saved) : undefined;
  },
};

workbox.routing.registerRoute(
  ({ url }) => url.origin === self.location.origin,
  new workbox.strategies.NetworkOnly({ plugins: [answerFromSavedCopy] }),
);

// The navigation fallback: a page in no saved copy. A copy's own page linking to what it
// kept; with none kept, the precached page (fixed words under the site's own policy).
workbox.routing.setCatchHandler(async ({ request, event }) => {
  if (request.mode !== "navigate") return Response.error();
  const saved = await fallbackFromCopy();
  if (saved) return remember(event, saved);
  const page = await workbox.precaching.matchPrecache(NOTHING_KEPT);
  return page ? unavailable(page, await page.blob()) : Response.error();
});

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const reply = (value) => port && port.postMessage(value);
  if (event.data && event.data.type === "save") {
    event.waitUntil(save(event.data.manifest, event).then((meta) => reply({ meta }), (error) => reply({ error: String(error.message || error) })));
  } else if (event.data && event.data.type === "forget-signed-in") {
    event.waitUntil(forgetSignedIn(event.data.tournament).then((forgotten) => reply({ forgotten })));
  } else if (event.data && event.data.type === "status") {
    event.waitUntil(savedCopies().then((metas) => reply({ metas })));
  } else if (event.data && event.data.type === "answered-from-copy") {
    // Was the asking page answered by a saved copy? Its metadata, or null.
    const id = event.source && event.source.id;
    reply({ meta: answeredFromCopy.get(id) || null });
    answeredFromCopy.delete(id);
  }
});
