/**
 * Hands JSON to the browser's beacon queue, which still delivers after the page hides. Returns
 * false when the browser refused it (no beacon API, or its queue is full); the caller then
 * posts through the typed client with `keepalive`, which also outlives the page.
 */
export function beacon(path: string, body: unknown): boolean {
  try {
    return (
      navigator.sendBeacon?.(path, new Blob([JSON.stringify(body)], { type: "application/json" })) ?? false
    );
  } catch {
    return false;
  }
}

/** Request options for a telemetry POST that must survive the page going away. */
export const keepalive = { init: { keepalive: true } } as const;
