import type { Storage } from '@portal/service-kit';

/**
 * The content origin's service worker (issue 22 item 3: a reload while offline reopens the course
 * from the device). The SCO shell registers it with the scope of its own token, `/c/{token}/`
 * (the answer's `Service-Worker-Allowed` lets it reach above `__portal/`), so it sees the requests
 * of that attempt's pages and nothing else. On install it copies the attempt's files (files.json:
 * the shell's own files and the package's) into one cache; it then answers from the network
 * first (the token is checked as before) and from that cache only when the network fails. It
 * serves nothing but those files: any other request goes to the network untouched. Activating,
 * it deletes the caches of every other attempt on this device.
 */
export const CONTENT_WORKER_SCRIPT = `'use strict';
var base = self.registration.scope;
var PREFIX = 'portal-attempt:';
var CACHE = PREFIX + base;
self.addEventListener('install', function (event) {
  event.waitUntil(fetch(base + '__portal/files.json', { cache: 'no-store' })
    .then(function (answer) { if (!answer.ok) throw new Error('No file list'); return answer.json(); })
    .then(function (list) {
      return caches.open(CACHE).then(function (cache) {
        return cache.addAll(list.files.map(function (file) { return new Request(base + file, { cache: 'no-store' }); }));
      });
    })
    .then(function () { return self.skipWaiting(); }));
});
self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys()
    .then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key.indexOf(PREFIX) === 0 && key !== CACHE; }).map(function (key) { return caches.delete(key); }));
    })
    .then(function () { return self.clients.claim(); }));
});
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || request.url.indexOf(base) !== 0) return;
  event.respondWith(fetch(request).catch(function (error) {
    return caches.open(CACHE)
      .then(function (cache) { return cache.match(request.url.split('#')[0], { ignoreSearch: true }); })
      .then(function (kept) { if (kept) return kept; throw error; });
  }));
});
`;

/**
 * Registering the worker from the SCO shell (appended to its script): once it is active the
 * attempt opens offline; registrations of other attempts (other tokens) are let go. The player is
 * told (`offline-ready`, nothing else in it), and `window.__portalOffline` is 'ready' (the e2e
 * suite waits for it). A browser that blocks third-party cookies refuses a service worker to a
 * frame of another site: the player is never told, and the course reopens only online.
 */
export const REGISTER_WORKER_SCRIPT = `(function () {
  'use strict';
  if (!('serviceWorker' in navigator) || !/__portal\\/sco\\.html$/.test(location.pathname)) return;
  var scope = location.pathname.replace(/__portal\\/sco\\.html$/, '');
  var own = location.origin + scope;
  navigator.serviceWorker.register(scope + '__portal/sw.js', { scope: scope })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function () {
      window.__portalOffline = 'ready';
      if (window.parent !== window) window.parent.postMessage({ portalScorm: 'offline-ready' }, '*');
      return navigator.serviceWorker.getRegistrations();
    })
    .then(function (all) { all.forEach(function (other) { if (other.scope !== own) other.unregister(); }); })
    .catch(function () { /* no service worker here: the course still plays online */ });
})();
`;

/** Every file of a package (its folder in storage), as URL paths relative to the token's base. */
export async function packageFiles(storage: Pick<Storage, 'list'>, folder: string): Promise<string[]> {
  return (await storage.list(folder)).map((key) => key.split('/').map(encodeURIComponent).join('/'));
}
