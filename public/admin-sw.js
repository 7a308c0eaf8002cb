// The admin's service worker, scoped to /admin/ (registered by the Notifications screen). It
// shows the push notices the worker sends (docs/decisions/031-push-notifications.md) and opens
// a notice's card when it is tapped, in an admin tab already open if there is one.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
