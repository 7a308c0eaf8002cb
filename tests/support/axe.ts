import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeResult {
  violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/**
 * axe-core's WCAG 2.2 A and AA rules and its best practices, run on the page as it stands. Each
 * violation reads "rule at [[target, why], ...]" (its first three nodes), so a failing test says
 * where to look. The page's context must let the test inject the script (`bypassCSP`).
 *
 * Read from the top of the page: the target-size rule counts what the sticky header covers where
 * the page happens to be scrolled (after an anchor or a click, the boxes just above it), which
 * would make the answer depend on the scroll, not on the page.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<AxeResult> };
    };
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    });
    return result.violations.map(
      (v) => `${v.id} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => [n.target, n.failureSummary]))}`,
    );
  });
}
