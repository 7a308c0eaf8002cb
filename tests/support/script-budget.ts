import type { Page } from "playwright-core";

/**
 * From now on, the path of every script `page` loads, what those scripts cost on the wire as
 * Lighthouse counts it (the compressed body the server sent and its response headers), and every
 * console error or warning and page error: what a script budget counts, and what a page within
 * it must still not complain of.
 */
export function watchScripts(page: Page): {
  scripts: Set<string>;
  sentKiB: () => Promise<number>;
  problems: string[];
} {
  const scripts = new Set<string>();
  const sent = new Map<string, Promise<number>>();
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    const bytes = request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize);
    sent.set(new URL(request.url()).pathname, bytes);
  });
  page.on("console", (message) => {
    if (["error", "warning"].includes(message.type())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const sentKiB = async () =>
    (await Promise.all(sent.values())).reduce((sum, bytes) => sum + bytes, 0) / 1024;
  return { scripts, sentKiB, problems };
}
