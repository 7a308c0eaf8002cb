/** Sends JSON by beacon (survives the page hiding), else by fetch with keepalive; errors ignored. */
export function sendJson(url: string, body: unknown): void {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, new Blob([json], { type: "application/json" }))) return;
  } catch {}
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: json,
    keepalive: true,
  }).catch(() => {});
}
