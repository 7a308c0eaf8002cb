import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Brings every island of the open page to hydration and waits until React has taken over each
 * one (site/app/island.tsx, site/main.ts). Islands that wait for the visitor are woken as a
 * visitor would: those waiting to be seen are scrolled into view, those waiting for a first
 * touch get a pointer over them. An island counts as hydrated once React has made it a root and
 * attached itself to the markup the server wrote inside it; a hydration warning, if any, has
 * been logged by then.
 */
export async function hydrateEveryIsland(page: Page, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const reactKey = (node: Element, prefix: string) =>
            Object.keys(node).some((key) => key.startsWith(prefix));
          const hydrated = (island: HTMLElement) =>
            reactKey(island, "__reactContainer") &&
            (!island.firstElementChild || reactKey(island.firstElementChild, "__reactFiber"));
          const pending = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter(
            (island) => !hydrated(island),
          );
          for (const island of pending) {
            if (island.dataset.hydrate === "visible")
              island.firstElementChild?.scrollIntoView({ block: "center" });
            if (island.dataset.hydrate === "interaction") {
              island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
            }
          }
          return pending.map((island) => island.dataset.island);
        }),
      { timeout, interval: 100 },
    )
    .toEqual([]);
}

/** The names of the islands the page holds, in document order. */
export function islandNames(page: Page): Promise<string[]> {
  return page
    .locator("[data-island]")
    .evaluateAll((islands) => islands.map((island) => (island as HTMLElement).dataset.island ?? ""));
}
