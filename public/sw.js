/* Seconde's service worker: what makes the app installable, and an offline page for navigations.
 * Deliberately minimal: pages come from the network first (index.html is never cached, so a new
 * release shows at once); only the offline page and the icons are kept. RPC calls, sign-in
 * (/oidc), configuration, media and health checks are never touched, so no answer of the server
 * is ever stored. */
const CACHE = 'seconde-shell-v1';
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/icons/icon-192.png', '/icons/icon-512.png'];
const PASS_THROUGH = ['/seconde.v1.', '/oidc', '/app-config.json', '/media', '/healthz'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return;
  event.respondWith(
    fetch(request).catch(() => caches.match(OFFLINE_URL).then((page) => page ?? Response.error())),
  );
});
