/**
 * The admin offline (public/admin-sw.js): its service worker, registered a moment after the
 * admin loads so it never competes with the first screen, and the private copies it keeps of the
 * last Today and session answers, which go the moment she signs out or her session ends.
 */
const privateCache = "gn-admin-private";

export function registerAdminWorker(delayMs = 1500): void {
  if (!("serviceWorker" in navigator)) return;
  window.setTimeout(() => {
    navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin/" }).catch(() => {
      // Without it the admin works as before, online only.
    });
  }, delayMs);
}

/** Deletes what the admin kept of her data for offline use. Never throws. */
export async function forgetOfflineCopies(): Promise<void> {
  if (!("caches" in window)) return;
  await caches.delete(privateCache).catch(() => false);
}

/** Whether an answer is the worker's kept copy, served because the network did not answer. */
export const isOfflineCopy = (response: Response) => response.headers.get("X-Served-From") === "offline-copy";
