// Starts the page's scripts after its first contentful paint (why and how: scripts/prerender.mjs).
(() => {
  const tag = document.currentScript;
  if (!tag?.dataset.entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (name, properties) =>
      document.head.append(Object.assign(document.createElement(name), properties));
    const chunks = (tag.dataset.chunks ?? "").split(" ").filter(Boolean);
    for (const href of chunks) add("link", { rel: "modulepreload", crossOrigin: "anonymous", href });
    const data = document.querySelector('meta[name="page-data"]');
    if (chunks.length && data)
      add("link", { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: data.content });
    add("script", { type: "module", crossOrigin: "anonymous", src: tag.dataset.entry });
  };
  const paints = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (document.visibilityState !== "visible" || !paints.includes("paint")) return start();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 2000);
})();
