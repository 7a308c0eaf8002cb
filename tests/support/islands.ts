import type { Page, Response } from "playwright-core";
import { expect } from "vitest";

/**
 * Brings every island of the open page to hydration and waits until React has taken over each
 * one (site/app/island.tsx, site/main.ts). Islands that wait for the visitor are woken as a
 * visitor would: those waiting to be seen are scrolled into view, those waiting for a first
 * touch get a pointer over them; one that waits for consent is left alone unless the visitor's
 * stored consent allows it. An island counts as hydrated once React has made it a root and
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
          // An island that acts only with consent is due only when the stored consent (the format
          // ./consent.ts writes) allows its feature; for anyone else it must load nothing.
          const consent = JSON.parse(localStorage.getItem("gn:consent") ?? "{}") as {
            features?: Record<string, boolean>;
          };
          const due = (island: HTMLElement) => {
            const feature = /^consent:(.+)$/.exec(island.dataset.hydrate ?? "")?.[1];
            return feature === undefined || consent.features?.[feature] === true;
          };
          const pending = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter(
            (island) => due(island) && !hydrated(island),
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

/**
 * Opens `url` and waits until the page is as a visitor meets it: loaded, and every island that
 * hydrates without the visitor doing anything (at load, when idle, or by a consent already given)
 * taken over by React, so clicks and typing reach its handlers. Islands waiting to be seen or
 * touched are left as they are, as is the scroll position. With JavaScript off, the load is all.
 */
export async function gotoReady(
  page: Page,
  url: string,
  options: { javaScript?: boolean } = {},
): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: "load" });
  if (options.javaScript !== false) await islandsReady(page);
  return response;
}

/** The same for the page it is on, loaded again. */
export async function reloadReady(page: Page): Promise<void> {
  await page.reload({ waitUntil: "load" });
  await islandsReady(page);
}

async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const reactKey = (node: Element, prefix: string) =>
        Object.keys(node).some((key) => key.startsWith(prefix));
      const consent = JSON.parse(localStorage.getItem("gn:consent") ?? "{}") as {
        features?: Record<string, boolean>;
      };
      const dueNow = (island: HTMLElement) => {
        const hydrate = island.dataset.hydrate ?? "load";
        const feature = /^consent:(.+)$/.exec(hydrate)?.[1];
        if (feature !== undefined) return consent.features?.[feature] === true;
        return hydrate === "load" || hydrate === "idle";
      };
      // The page's script starts after its first paint, which may come after the load event
      // (public/after-first-paint.js); until it has run, nothing on the page is live.
      const started =
        !document.querySelector("script[data-entry]") ||
        document.documentElement.dataset.started !== undefined;
      return (
        started &&
        [...document.querySelectorAll<HTMLElement>("[data-island]")]
          .filter(dueNow)
          .every(
            (island) =>
              reactKey(island, "__reactContainer") &&
              (!island.firstElementChild || reactKey(island.firstElementChild, "__reactFiber")),
          )
      );
    },
    undefined,
    { polling: 50, timeout: 15_000 },
  );
}
