// Starts a page's JavaScript once its first screen is painted. Used where the page leads with an
// artwork (/gallery; see scripts/prerender.mjs): there the image is what the visitor came to see,
// and the site's script (about 90 KiB gzipped) and the page's chunks would share the phone's
// bandwidth with it. The prerendered page reads and links without JavaScript, so nothing
// waits on it but the search, the filters and the lightbox. A classic deferred script, so it
// knows its own tag (data-entry: the module entry; data-chunks: the modules to preload with it).
(() => {
  const tag = document.currentScript;
  if (!tag?.dataset.entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (tag.dataset.chunks ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "anonymous";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = tag.dataset.entry;
    document.head.append(script);
  };
  // A page opened in the background paints only when shown, and an old browser reports no paint:
  // both start at once.
  const paintReported = (globalThis.PerformanceObserver?.supportedEntryTypes ?? []).includes("paint");
  if (document.visibilityState !== "visible" || !paintReported) {
    start();
    return;
  }
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  // Whatever happens to the paint report, the page works within two seconds.
  setTimeout(start, 2000);
})();
