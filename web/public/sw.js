/*
 * Registre service worker, written by hand.
 * - App shell (index.html, hashed assets, icons): navigations network-first with the cached shell as
 *   the offline fallback; /assets/* cache-first (their names change with their content);
 *   /theme-boot.js (index.html's theme script) network-first, cached for offline.
 * - API (/api/*): network-first. A GET answered from the cache because the network failed carries the
 *   header `x-registre-stale: 1`: the app then shows its « hors ligne » banner; nothing stale is ever
 *   served silently. Other methods are never cached; the API cache is emptied at logout.
 */
const VERSION = "v1";
const SHELL = `registre-shell-${VERSION}`;
const API = `registre-api-${VERSION}`;
const SHELL_URLS = ["/", "/favicon.svg", "/theme-boot.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_URLS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL && key !== API).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "clear-api-cache") event.waitUntil(caches.delete(API));
});

const offlineProblem = () =>
  new Response(
    JSON.stringify({
      type: "about:blank",
      title: "Offline",
      status: 503,
      code: "network.offline",
      detail: "Hors ligne : le serveur ne peut pas être joint. / Offline: the server cannot be reached.",
    }),
    { status: 503, headers: { "content-type": "application/problem+json", "x-registre-stale": "1" } },
  );

const apiNetworkFirst = async (request) => {
  try {
    const response = await fetch(request);
    if (request.method === "GET" && response.ok) {
      const copy = response.clone();
      caches.open(API).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch {
    if (request.method !== "GET") return offlineProblem();
    const cached = await caches.match(request, { cacheName: API });
    if (!cached) return offlineProblem();
    const headers = new Headers(cached.headers);
    headers.set("x-registre-stale", "1");
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
};

const navigationNetworkFirst = async (request) => {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put("/", copy));
    }
    return response;
  } catch {
    return (await caches.match("/", { cacheName: SHELL })) || Response.error();
  }
};

// index.html's theme script (not hashed, so not cache-first): the network's, the cached copy offline.
const scriptNetworkFirst = async (request) => {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch {
    return (await caches.match(request, { cacheName: SHELL })) || Response.error();
  }
};

const assetCacheFirst = async (request) => {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) {
    event.respondWith(apiNetworkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(navigationNetworkFirst(request));
  } else if (request.method === "GET" && url.pathname === "/theme-boot.js") {
    event.respondWith(scriptNetworkFirst(request));
  } else if (request.method === "GET" && /^\/(assets|img)\/|\.(svg|png|webp|woff2?)$/.test(url.pathname)) {
    event.respondWith(assetCacheFirst(request));
  }
});
