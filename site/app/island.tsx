import type { ComponentType } from "react";

/**
 * When an island's code loads and hydrates:
 * - "load": at once (a form or a browser the visitor came to use);
 * - "idle": once the page is idle (something that acts on its own, e.g. after consent);
 * - "visible": when it scrolls near the viewport;
 * - "interaction": when the pointer or the keyboard first reaches it;
 * - "consent:<feature>": once the page is idle, and only if the visitor's stored consent allows
 *   that feature (a feature that acts only with consent loads nothing for anyone else).
 * Until then the server's HTML stands, complete and readable.
 */
export type Hydrate = "load" | "idle" | "visible" | "interaction" | "consent:personalization" | "consent:ai";

/**
 * Marks a component as an island: the server renders it inside a wrapper that names it, its
 * props as JSON and when to hydrate; the browser (site/main.ts) hydrates only these, each as its
 * own React root, from the module site/islands/<name>.tsx (whose default export is the component). The rest of the page is HTML and
 * ships no component code. Props must survive JSON (no functions, no Dates). Islands never nest:
 * inside an island, use the plain component.
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  hydrate: Hydrate = "load",
) {
  function Island(props: P) {
    return (
      <div className="island" data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
