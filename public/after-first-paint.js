// Starts the page's scripts after its first contentful paint and its lead image (why and how:
// scripts/prerender.mjs).
(() => {
  const tag = document.currentScript;
  if (!tag?.dataset.entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    document.documentElement.dataset.painted = "";
    const add = (name, properties) =>
      document.head.append(Object.assign(document.createElement(name), properties));
    const chunks = (tag.dataset.chunks ?? "").split(" ").filter(Boolean);
    for (const href of chunks) add("link", { rel: "modulepreload", crossOrigin: "anonymous", href });
    const data = document.querySelector('meta[name="page-data"]');
    if (chunks.length && data)
      add("link", { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: data.content });
    add("script", { type: "module", crossOrigin: "anonymous", src: tag.dataset.entry });
  };
  // The page's lead image, when it has one, is its largest paint: it comes first too.
  const lead = document.querySelector('img[fetchpriority="high"]');
  const afterLead = () => {
    if (!lead || lead.complete) return start();
    lead.addEventListener("load", start, { once: true });
    lead.addEventListener("error", start, { once: true });
  };
  const paints = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (document.visibilityState !== "visible" || !paints.includes("paint")) return start();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    afterLead();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 2000);
})();
