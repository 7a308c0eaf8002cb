import "./styles/global.css";
import type { ComponentType } from "react";
import type { Hydrate } from "./app/island";
import { loadPageContent } from "./app/page-data";
import { type ConsentFeature, hasConsent, startConsentDialog, startDataControls } from "./features/consent";
import { startHomeCta } from "./features/experiments";
import { logger, startMeasurements } from "./features/measurements";

/**
 * The public site's only entry script. Pages arrive whole from the server; this hydrates their
 * islands (site/app/island.tsx), each when its `data-hydrate` says, loading React and an
 * island's module only then. A page with no island due loads nothing more. What every page does
 * (the privacy dialog, the measurements) and the home page's A/B test are plain DOM code over the
 * server's markup, so a first visit to home loads no React at all. `vite dev` serves the empty
 * template: there the page is rendered in the browser instead (site/app/dev-render.tsx).
 */
const islandModules = import.meta.glob<{ default: ComponentType<object> }>("./islands/*.tsx");
let hydrator: Promise<typeof import("./app/hydrate-island")> | undefined;

const interactions = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

function whenIdle(start: () => void) {
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

function when(container: HTMLElement, hydrate: Hydrate, start: () => void) {
  if (hydrate === "idle") whenIdle(start);
  else if (hydrate.startsWith("consent:")) {
    // Saving new choices reloads the page, so the consent stored at load is the one that counts.
    if (hasConsent(hydrate.slice("consent:".length) as ConsentFeature)) whenIdle(start);
  } else if (hydrate === "visible") {
    // The wrapper has no box of its own (display: contents): watch what it holds.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: "200px" },
    );
    for (const child of container.children) observer.observe(child);
  } else if (hydrate === "interaction") {
    const go = () => {
      for (const type of interactions) container.removeEventListener(type, go);
      start();
    };
    for (const type of interactions) container.addEventListener(type, go, { passive: true });
  } else start();
}

/**
 * An island whose code or data cannot be had, or that breaks while it starts, stays as the server
 * wrote it and works as it does without JavaScript (forms post, links lead to their pages):
 * `data-island-failed` hides what only its script could do and shows what stands in for it
 * (site/styles/base.css). Nothing is said to the visitor, who asked for nothing yet.
 */
function hydrateIslands() {
  for (const container of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const load = islandModules[`./islands/${container.dataset.island}.tsx`];
    if (!load) throw new Error(`No island module for "${container.dataset.island}"`);
    when(container, (container.dataset.hydrate ?? "load") as Hydrate, () => {
      hydrator ??= import("./app/hydrate-island");
      const failed = (reason: string) => {
        container.dataset.islandFailed = "";
        // A form's ticket (when it appeared, for the worker's too-quick check) is an image in
        // <noscript>, which a browser running scripts never loads: the form now posts as it
        // would without them, so its ticket is fetched as it would be.
        for (const block of container.querySelectorAll("noscript")) {
          const src = /<img[^>]*\ssrc="([^"]+)"/.exec(block.textContent ?? "")?.[1];
          if (src?.startsWith("/")) new Image().src = src.replaceAll("&amp;", "&");
        }
        logger.warn("island left as the server wrote it", { island: container.dataset.island, reason });
      };
      Promise.all([hydrator, load(), loadPageContent()]).then(
        ([{ hydrateIsland }, module, content]) => {
          if (!content) return failed("no page data");
          hydrateIsland(
            container,
            module.default,
            JSON.parse(container.dataset.props ?? "{}"),
            content,
            (error) => failed(error instanceof Error ? error.message : String(error)),
          );
        },
        (error: unknown) => failed(error instanceof Error ? error.message : String(error)),
      );
    });
  }
}

function startPage() {
  // The artist previewing her drafts (the worker marks the page): nobody is visiting, so nothing
  // asks for consent and nothing is measured.
  const preview = document.documentElement.dataset.preview !== undefined;
  if (!preview) startConsentDialog();
  const cta = document.querySelector<HTMLElement>(".home-cta[data-copy]");
  if (cta) startHomeCta(cta);
  const dataControls = document.querySelector<HTMLElement>(".privacy-controls");
  if (dataControls) startDataControls(dataControls);
  hydrateIslands();
  // The meters wait until the page is idle: nothing a visitor sees depends on them.
  if (!preview) whenIdle(startMeasurements);
  // The script starts after the first paint, which can be after the load event: this marks the
  // page as taken over (the home test's words swapped in, the handlers attached).
  document.documentElement.dataset.started = "";
}

if (document.getElementById("root")?.firstElementChild) startPage();
else if (import.meta.env.DEV) import("./app/dev-render");
