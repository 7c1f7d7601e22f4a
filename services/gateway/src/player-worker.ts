/**
 * The portal's service worker for the player (issue 22 item 3), at /learn-sw.js with the scope
 * /learn/: a reload while offline reopens the player page. It keeps only what that page is made
 * of: the page itself (one copy of the shell's index.html, the same for every /learn/ address)
 * and the shell's and remotes' files under /shells/ and /remotes/ on this origin. Everything
 * goes to the network first; the copy answers only when the network fails. API answers and every
 * other page are never touched (the player keeps its own device copy of its launch: see
 * remotes/learner/src/modules/player/launch-copy.ts).
 *
 * The page that registers it posts `keep` with the files it loaded (before the worker was there);
 * those are copied and everything else in the cache (an older release's files) is let go.
 */
export const PLAYER_WORKER_SCRIPT = `'use strict';
var CACHE = 'portal-player-v1';
var PAGE = '/learn/__player-page';
function isPlayerFile(url) {
  return url.origin === self.location.origin && /^\\/(shells|remotes)\\//.test(url.pathname);
}
function isPlayerPage(url) {
  return url.origin === self.location.origin && url.pathname.indexOf('/learn/') === 0;
}
function keepPage(response) {
  if (!response.ok || response.redirected || (response.headers.get('Content-Type') || '').indexOf('text/html') !== 0) return;
  var copy = response.clone();
  return caches.open(CACHE).then(function (cache) { return cache.put(PAGE, copy); });
}
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('message', function (event) {
  var data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  var urls = data.urls.map(function (href) { return new URL(href, self.location.origin); });
  var files = urls.filter(isPlayerFile).map(function (url) { return url.href; });
  var page = urls.filter(isPlayerPage)[0];
  event.waitUntil(caches.open(CACHE)
    .then(function (cache) {
      return Promise.all([
        cache.addAll(files),
        page ? fetch(page.href, { credentials: 'same-origin' }).then(keepPage) : null,
        cache.keys().then(function (requests) {
          return Promise.all(requests.filter(function (request) { return new URL(request.url).pathname !== PAGE && files.indexOf(request.url) < 0; }).map(function (request) { return cache.delete(request); }));
        }),
      ]);
    })
    .then(function () { return 'kept'; }, function () { return 'failed'; })
    .then(function (outcome) { if (event.source) event.source.postMessage({ type: outcome }); }));
});
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (request.mode === 'navigate' && isPlayerPage(url)) {
    event.respondWith(fetch(request).then(function (response) {
      event.waitUntil(Promise.resolve(keepPage(response)));
      return response;
    }, function (error) {
      return caches.match(PAGE).then(function (kept) { if (kept) return kept; throw error; });
    }));
    return;
  }
  if (!isPlayerFile(url)) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && response.status === 200) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
    }
    return response;
  }, function (error) {
    return caches.match(request).then(function (kept) { if (kept) return kept; throw error; });
  }));
});
`;
