// The page's service worker (tools/sw.mjs writes it into the build with the build's files and
// a version named by their hashes): after one visit the page opens and computes without a
// network. Every same-origin GET goes to the network first, so that a new build is seen at
// once; when the network fails, the copy cached at install answers. A new build's worker
// caches its own files and removes the old build's cache when it activates.
const VERSION = '__PASSK_VERSION__';
const FILES = __PASSK_FILES__;
const CACHE = `passk-${VERSION}`;

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
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('passk-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // The Parquet reader's files are cached when first fetched (not at install).
  const onUse = new URL(request.url).pathname.startsWith('/passk-parquet');
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
