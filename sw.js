// Gelateria's service worker: precache the files the app loads (the list and content
// hashes come from sw-manifest.js, written by scripts/build.py) and serve them from
// the cache, so the whole box works offline after one visit.
importScripts("./sw-manifest.js");

const MANIFEST = self.GELATERIA_MANIFEST;
const CACHE = "gelateria-" + MANIFEST.version;
const SCOPE = new URL("./", self.location).href;
// index.html is cached once, as "./": the address every page of the app has.
const FILES = ["./sw-manifest.js", ...Object.keys(MANIFEST.files).map((f) => (f === "index.html" ? "./" : "./" + f))];

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server: the first visit's files come back as 304s
  // instead of being downloaded twice, and a stale HTTP cache can't leak in.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })))
    )
  );
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
  // Every page of the app is index.html (routes live in the fragment).
  const key = request.mode === "navigate" ? SCOPE : url.origin + url.pathname;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(key).then((hit) => hit || fetch(request))
    )
  );
});
