import type { Browser } from "playwright-core";
import { expect, inject } from "vitest";
import { skipConsentDialog } from "./consent";
import { gotoReady } from "./islands";

// Reading the served site as a crawler and as a visitor would: its HTML over plain HTTP, the
// JSON-LD inside it, and a page in Chromium.

/** The HTML the server answers for a path, asserting it answered 200. */
export async function html(path: string): Promise<string> {
  const response = await fetch(`${inject("baseUrl")}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every JSON-LD block in the page's HTML, as prerendered. */
export function jsonLd(source: string): Array<Record<string, unknown> & { "@type": string }> {
  return [...source.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "{}"),
  );
}

/**
 * Opens a path in a fresh context, ready as a visitor meets it (./islands, gotoReady); `close` ends the context. The
 * visitor has already chosen their privacy settings: otherwise the dialog opens a second after
 * load and holds every click (on a loaded machine a test's clicks can come that late).
 */
export async function openPage(
  browser: Browser,
  path: string,
  options: { javaScriptEnabled?: boolean; width?: number } = {},
) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  await skipConsentDialog(context);
  const page = await context.newPage();
  await gotoReady(page, `${inject("baseUrl")}${path}`, { javaScript: options.javaScriptEnabled });
  return { page, close: () => context.close() };
}
