// Gelateria's service worker: precache the files the app loads (the list and content
// hashes come from sw-manifest.js, written by scripts/build.py) and serve them from
// the cache, so the whole box works offline after one visit.
importScripts("./sw-manifest.js");

const MANIFEST = self.GELATERIA_MANIFEST;
const CACHE = "gelateria-" + MANIFEST.version;
const SCOPE = new URL("./", self.location).href;
// index.html is cached once, as "./": the address every page of the app has.
const APP_PAGES = new Set([SCOPE, new URL("./index.html", SCOPE).href]);
const FILES = ["./sw-manifest.js", ...Object.keys(MANIFEST.files).map((f) => (f === "index.html" ? "./" : "./" + f))];

// Pyodide's wasm is served from the browser's HTTP cache whenever that holds the copy
// precached here. Chrome keeps the machine code it compiled from a wasm file with the
// copy it read the file from, and only while that copy's response time is unchanged:
// the first visit compiles from the HTTP cache's copy, so a second visit served from
// Cache Storage (or from an HTTP cache entry the precache had revalidated) compiled it
// all again, ~1.5 s on this machine. So the precache takes the wasm from the HTTP cache
// as it is (checked against the manifest's hash, so no other release's file gets in),
// and the fetch handler serves the HTTP cache's copy while its validators are the
// precached copy's; offline, or on any doubt, the precached copy serves.
const VIA_HTTP_CACHE = ["./static/vendor/pyodide/pyodide.asm.wasm"];
const VIA_HTTP_CACHE_URLS = new Set(VIA_HTTP_CACHE.map((f) => new URL(f, SCOPE).href));
const VALIDATORS = ["ETag", "Last-Modified", "Content-Length", "Content-Encoding"];

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// `file` fetched with `cache` (a RequestInit cache mode), if it is the manifest's file.
async function manifestCopy(file, cache) {
  const response = await fetch(new Request(file, { cache }));
  const expected = MANIFEST.files[file.slice(2)];
  if (!response.ok) return null;
  const body = await response.clone().arrayBuffer();
  return body.byteLength === expected.bytes && (await sha256(body)).startsWith(expected.hash) ? response : null;
}

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server: the first visit's files come back as 304s
  // instead of being downloaded twice, and a stale HTTP cache can't leak in.
  const precache = (cache) => Promise.all([
    cache.addAll(FILES.filter((f) => !VIA_HTTP_CACHE.includes(f)).map((f) => new Request(f, { cache: "no-cache" }))),
    ...VIA_HTTP_CACHE.map(async (file) => {
      // The HTTP cache's copy untouched if it is this release's (no revalidation: that
      // would give it a new response time), else the server's.
      const response = (await manifestCopy(file, "force-cache")) || (await manifestCopy(file, "no-cache"));
      if (!response) throw new Error(`sw: ${file} on the server is not the one sw-manifest.js names`);
      await cache.put(file, response);
    }),
  ]);
  event.waitUntil(caches.open(CACHE).then(precache));
  // The first install takes over at once; an update waits until the page says so.
  if (!self.registration.active) self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gelateria-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  // The app's one page is index.html (routes live in the fragment), whatever its query.
  // Any other address opened (a file, a stale bookmark) is itself: the page answered
  // there would load with broken relative paths.
  const key = request.mode === "navigate" && APP_PAGES.has(path) ? SCOPE : path;
  const hit = caches.open(CACHE).then((cache) => cache.match(key));
  if (VIA_HTTP_CACHE_URLS.has(key)) {
    event.respondWith(hit.then((precached) => precached ? sameInHttpCache(key, precached) : fetch(request)));
    return;
  }
  event.respondWith(hit.then((precached) => precached || fetch(request)));
});

// The HTTP cache's copy of `key` if it is the precached one (same validators), else the
// precached one. "only-if-cached" never goes to the network.
async function sameInHttpCache(key, precached) {
  try {
    const response = await fetch(key, { cache: "only-if-cached", mode: "same-origin" });
    const same = (h) => response.headers.get(h) === precached.headers.get(h);
    const validated = precached.headers.has("ETag") || precached.headers.has("Last-Modified");
    return response.status === 200 && validated && VALIDATORS.every(same) ? response : precached;
  } catch {
    return precached;
  }
}
