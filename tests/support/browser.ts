import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests and Lighthouse use: CHROME_PATH if set, Debian's package if
 * installed (what .ci/run installs), else the headless build shipped in @sparticuz/chromium so
 * a machine with only Node and npm can still run every test.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (existsSync(candidate)) return candidate;
  }
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

/** Flags for a quiet headless Chromium on a machine without network: no update, sync or QUIC traffic. */
export const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
