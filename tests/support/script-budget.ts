import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

/** A built file's size as it goes over the wire, gzipped, in KiB: how Lighthouse counts a budget. */
export const gzippedKiB = (path: string): number =>
  gzipSync(readFileSync(join("dist/client", path)), { level: 9 }).length / 1024;

/**
 * From now on, the path of every script `page` loads, and every console error or warning and
 * page error: what a script budget counts, and what a page within it must still not complain of.
 */
export function watchScripts(page: Page): { scripts: Set<string>; problems: string[] } {
  const scripts = new Set<string>();
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (["error", "warning"].includes(message.type())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { scripts, problems };
}
