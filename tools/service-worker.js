// The page's service worker (tools/sw.mjs writes it into the build with the build's files and
// a version named by their hashes): after one visit the page opens and computes without a
// network. Every same-origin GET goes to the network first, so that a new build is seen at
// once; when the network fails, the copy cached at install answers. A new build's worker
// caches its own files and removes the old build's cache when it activates.
const VERSION = '__PASSK_VERSION__';
const FILES = __PASSK_FILES__;
// The folder the page is served from (any path of a host): the worker answers and caches only
// what lies below it, and its cache is named by it, so that two copies on one host (at / and
// under /tools/passk/, say) keep apart.
const BASE = new URL('./', self.location).pathname;
const PREFIX = `passk-${BASE}-`;
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  // The Parquet reader's files are cached when first fetched (not at install).
  const onUse = url.pathname.slice(BASE.length).startsWith('passk-parquet');
  const keep = async (response) => {
    if (onUse && response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
    }
    return response;
  };
  event.respondWith(
    fetch(request)
      .then(keep)
      .catch(async () => {
        const cache = await caches.open(CACHE);
        const hit = await cache.match(request, { ignoreSearch: true });
        if (hit) return hit;
        if (request.mode === 'navigate') {
          const page = await cache.match('index.html');
          if (page) return page;
        }
        return Response.error();
      }),
  );
});
