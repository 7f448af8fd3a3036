// The app's service worker (docs/contract.md §3.10), served at /sw.js with `Cache-Control: no-cache`, scope /.
// - Push: every push is shown as a notification, even with a tab of the app open; a click opens its link,
//   focusing an open tab of the app when there is one.
// - Offline: a page that cannot be loaded because the network is gone is answered with the offline page in the
//   reader's language (the `lang` cookie, else the browser's language).
// - Caching: only hashed assets (/assets/*, which never change) and the two offline pages. Never a page, never an
//   API answer: a signed-in screen always comes from the server or not at all.

const VERSION = 1;
const ASSET_CACHE = `assets-v${VERSION}`;
const OFFLINE_CACHE = `offline-v${VERSION}`;
const LANGUAGES = ['en', 'es'];
const offlinePath = (language) => `/offline/${language}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(LANGUAGES.map(offlinePath)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key !== ASSET_CACHE && key !== OFFLINE_CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

/** The reader's language: the toggle's `lang` cookie, else the browser's first language, else English. */
async function readerLanguage() {
  try {
    const cookie = await self.cookieStore?.get('lang');
    if (cookie && LANGUAGES.includes(cookie.value)) return cookie.value;
  } catch {
    // No Cookie Store API here: the browser's language decides.
  }
  const preferred = (self.navigator.languages?.[0] ?? self.navigator.language ?? 'en').slice(0, 2).toLowerCase();
  return LANGUAGES.includes(preferred) ? preferred : 'en';
}

async function fromCacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A hashed file's name changes with its content: what is kept is never stale.
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(offlinePath(await readerLanguage()), { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) return event.respondWith(fromCacheFirst(request));
  if (request.mode === 'navigate') return event.respondWith(pageOrOffline(request));
  // Anything else (the API, uploads, the manifest): the network alone, as without a worker.
});

/** A push's link on this app's origin (a path, or an absolute URL the server wrote): never elsewhere. */
function appUrl(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : '/', self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(typeof push.title === 'string' && push.title ? push.title : 'TradesBid', {
      body: typeof push.body === 'string' ? push.body : '',
      tag: typeof push.tag === 'string' && push.tag ? push.tag : undefined,
      // A burst on one tag (a conversation) stacks into one notification that still alerts.
      renotify: typeof push.tag === 'string' && push.tag !== '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appUrl(push.url), type: push.type },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focusing needs the click's own user activation; the tab is taken to the link either way.
        await open.focus().catch(() => {});
        if (open.url === target) return;
        // navigate() works on a tab this worker controls; any other gets a new window instead.
        if (await open.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
