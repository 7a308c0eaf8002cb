import { type ComponentType, type ReactNode, useEffect, useState } from "react";

/**
 * Renders `fallback` (what the prerendered HTML holds) until the page has hydrated, then loads
 * the component's code and renders it. For features that do nothing before the visitor
 * interacts or consents (the consent dialog, measurements, the personal greeting), this keeps
 * their code out of the JavaScript a page needs to become interactive (the page's budget).
 */
export function AfterHydration({
  load,
  fallback = null,
}: {
  load: () => Promise<ComponentType>;
  fallback?: ReactNode;
}) {
  const [Component, setComponent] = useState<ComponentType | null>(null);
  useEffect(() => {
    let alive = true;
    load().then(
      (loaded) => {
        if (alive) setComponent(() => loaded);
      },
      () => {
        // A chunk that fails to load leaves the static fallback in place.
      },
    );
    return () => {
      alive = false;
    };
  }, [load]);
  return Component ? <Component /> : fallback;
}
