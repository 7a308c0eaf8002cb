// Service worker, registered by the page about 1.5 s after load (so it never competes with the
// first paint). It does two things only:
//  1. keeps the aftercare guide readable offline: /aftercare and the built CSS/JS it links are
//     cached at install, refreshed from the network when online, served from cache when not;
//  2. receives PERFORMANCE_METRIC messages from the page and keeps the last 50 in memory
//     (answered to a GET_METRICS message; nothing is stored or sent from here).
// Every other request goes to the network untouched.
importScripts("/sw-shared.js");

const CACHE = "gn-offline-v1";
const OFFLINE_PAGES = ["/aftercare"];
const metrics = [];

async function cacheOfflinePages() {
  const cache = await caches.open(CACHE);
  for (const page of OFFLINE_PAGES) {
    const response = await fetch(page, { cache: "no-cache" });
    if (!response.ok) continue;
    const html = await response.clone().text();
    await cache.put(page, response);
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    await Promise.all(
      [...new Set(assets)].map((asset) =>
        cache.match(asset).then((hit) => hit || cache.add(asset).catch(() => undefined)),
      ),
    );
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheOfflinePages().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropCachesAndClaim((key) => key !== CACHE));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = ownGet(request);
  if (!url) return;
  const path = url.pathname.replace(/\/$/, "") || "/";

  if (OFFLINE_PAGES.includes(path) && request.mode === "navigate") {
    // Network first so the guide is never stale online; the cached copy when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          // A response marked no-store (the artist's preview of her drafts) is never kept.
          if (response.ok && !/no-store/.test(response.headers.get("Cache-Control") ?? "")) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(path, copy));
          }
          return response;
        })
        .catch(() => caches.match(path).then((hit) => hit || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith("/assets/")) {
    // Hashed file names never change: a cached copy is always right.
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "PERFORMANCE_METRIC" && data.metric) {
    const { name, value, url, timestamp } = data.metric;
    metrics.push({
      name: String(name),
      value: Number(value),
      url: String(url),
      timestamp: Number(timestamp),
    });
    if (metrics.length > 50) metrics.shift();
  } else if (data && data.type === "GET_METRICS" && event.ports[0]) {
    event.ports[0].postMessage({ metrics: metrics.slice() });
  }
});
