/**
 * This browser's side of push notices: the admin's service worker (scoped to /admin/, which
 * shows each notice and opens its card when tapped) and its push subscription.
 */

export const pushSupported = () =>
  "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function adminWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin/" });
  const registration = await navigator.serviceWorker.getRegistration("/admin/");
  if (!registration) throw new Error("The admin's service worker did not start.");
  return registration;
}

/** This browser's subscription, if it has one (without asking for anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/admin/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission (once) and subscribes with the studio's public key. */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new Error("Notifications are blocked for this site: allow them in the browser's site settings.");
  const registration = await adminWorker();
  await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromBase64Url(publicKey),
  });
}

/** A name for this device from what the browser says of itself: "iPhone · Safari". */
export function deviceLabel(): string {
  const agent = navigator.userAgent;
  const device = /iPhone/.test(agent)
    ? "iPhone"
    : /iPad/.test(agent)
      ? "iPad"
      : /Android/.test(agent)
        ? "Android phone"
        : /Mac OS X/.test(agent)
          ? "Mac"
          : /Windows/.test(agent)
            ? "Windows computer"
            : "This computer";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "browser";
  return `${device} · ${browser}`;
}

/** Bytes of unpadded base64url (what the worker gives the key as). */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
