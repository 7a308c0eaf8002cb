import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests and Lighthouse use: CHROME_PATH if set, Debian's package if
 * installed (what .ci/run installs), else the headless build shipped in @sparticuz/chromium so
 * a machine with only Node and npm can still run every test.
 *
 * The browser tests take Debian's headless shell first: the same Chromium (same version, engine
 * and fonts) without the desktop browser around it, it runs the suite's page loads about a third
 * faster on two cores (docs/decisions/003-browser-for-tests.md). Lighthouse keeps the full
 * browser, whose figures are the ones visitors' Chrome gives.
 */
export async function chromiumPath(options: { shell?: boolean } = {}): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const shells = options.shell ? ["/usr/bin/chromium-headless-shell"] : [];
  for (const candidate of [
    ...shells,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ]) {
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
