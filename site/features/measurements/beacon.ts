/**
 * Hands JSON to the browser's beacon queue, which still delivers after the page hides; when the
 * browser refuses it (no beacon API, or its queue is full) it is posted with `keepalive`, which
 * also outlives the page. Plain fetch, not the typed client: these run on every page and the
 * client's code would cost more than the three calls it types.
 */
export function send(path: string, body: unknown): void {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(path, new Blob([json], { type: "application/json" }))) return;
  } catch {
    // Fall through to fetch.
  }
  postJson(path, json).catch(() => {});
}

/** POSTs JSON text with keepalive; `signal` bounds how long it may take. */
export function postJson(path: string, json: string, signal?: AbortSignal): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: json,
    keepalive: true,
    signal,
  });
}
