// The admin's service worker, scoped to /admin/ (registered by the admin a moment after it
// loads). It does two things:
//  1. Offline, the admin still opens with Today as it last loaded: the admin page and its built
//     files are kept (nothing private in them), and the last answers of Today and of the session
//     check are kept apart, in a cache the admin deletes when she signs out (and this worker
//     deletes when the server says the session is over). Online, everything comes from the
//     network first; a kept answer is marked with X-Served-From: offline-copy.
//  2. It shows the push notices the worker sends (docs/decisions/031-push-notifications.md) and
//     opens a notice's card when it is tapped, in an admin tab already open if there is one.
importScripts("/sw-shared.js");

const SHELL = "gn-admin-shell-v1";
const PRIVATE = "gn-admin-private";
const REMEMBERED = ["/api/admin/today", "/api/admin/session"];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(dropCachesAndClaim((key) => key.startsWith("gn-admin-shell") && key !== SHELL)),
);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = ownGet(request);
  if (!url) return;
  if (request.mode === "navigate" && url.pathname.startsWith("/admin/")) {
    // Every admin address is the same page; the app reads the address.
    event.respondWith(networkFirst(request, SHELL, "/admin/"));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (REMEMBERED.includes(url.pathname)) {
    event.respondWith(networkFirst(request, PRIVATE, url.pathname));
  }
});

async function networkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.has("X-Admin-Drawn")) {
      // Today drawn with her day in it is hers alone, and kept nowhere: the plain page is kept
      // in its place, which opens Today offline from the private answers as any page does.
      caches.open(cacheName).then((cache) => cache.add(key));
    } else if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(key, copy));
    } else if (response.status === 401 && cacheName === PRIVATE) {
      await caches.delete(PRIVATE);
    }
    return response;
  } catch (error) {
    const kept = await caches.open(cacheName).then((cache) => cache.match(key));
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set("X-Served-From", "offline-copy");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

/** Built files are named by their content: one kept is never stale. */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("push", (event) => {
  let notice = { title: "Gilded Needle", body: "", url: "/admin/today", tag: undefined };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A push with no readable payload still tells her to look.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: "/admin-icon-192.png",
      badge: "/admin-icon-192.png",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/admin/today", self.location.origin);
  // Only the studio's own admin pages open from a notice.
  if (target.origin !== self.location.origin || !target.pathname.startsWith("/admin/")) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin/"));
      if (open) return open.navigate(target.href).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
