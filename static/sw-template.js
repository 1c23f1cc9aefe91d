// Stepwise's service worker: it keeps the whole built site (its HTML, styles, both WebAssembly
// modules and their scripts, the bundled models and costume art) in the browser's cache, so
// the app opens and runs with no network after one visit. scripts/precache (a Trunk
// post-build step) writes the list and the version above this line from what Trunk emitted.
//
// A new version is fetched and kept beside the old one, but never switched in under a page
// that runs: the page offers *Update* and asks for the switch ("skip-waiting").

const CACHE = `stepwise-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('stepwise-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app (a student's ?join=, a projector's ?view=, a replay's ?run=) is
    // the one index.html of this version, whose scripts and modules the cache holds.
    const hit = request.mode === 'navigate'
      ? await cache.match(new URL('index.html', self.registration.scope).href)
      : await cache.match(request);
    return hit ?? fetch(request);
  })());
});
