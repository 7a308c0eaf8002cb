import { lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { tabKeyHandler } from "../../lib/tab-keys";
import "./reviews.css";

/**
 * The reviews page's mode switch: the reviews themselves (the default and what a page without
 * JavaScript shows), the SEO view, which is private to the studio and says so, and a performance
 * view with the site's real speed figures. The performance view's code loads when it is first
 * chosen, so the reviews page costs nothing more for visitors who never open it.
 */

const PerformanceView = lazy(() =>
  import("./performance-view").then((m) => ({ default: m.PerformanceView })),
);

const modes = [
  { key: "reviews", label: "Reviews" },
  { key: "seo", label: "SEO data" },
  { key: "performance", label: "Performance" },
] as const;
type Mode = (typeof modes)[number]["key"];

function SeoView() {
  return (
    <div className="reviews-mode-panel">
      <div className="reviews-mode-panel__head">
        <h2>SEO Data is Private</h2>
        <span className="source-badge source-badge--private" data-source="private">
          Private: shown to the studio only
        </span>
      </div>
      <p>Admin login required. Search rankings and keywords are kept for the studio.</p>
      <a className="button button--ghost" href="/admin">
        Admin login
      </a>
    </div>
  );
}

export function ReviewsModes({ reviews }: { reviews: ReactNode }) {
  const [mode, setMode] = useState<Mode>("reviews");
  const [opened, setOpened] = useState<ReadonlySet<Mode>>(new Set(["reviews"]));
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();

  const choose = (next: Mode) => {
    setMode(next);
    setOpened((seen) => new Set([...seen, next]));
  };

  // Arrow keys, Home and End move between the tabs and show the one they land on.
  const onKeyDown = tabKeyHandler(
    modes.findIndex((m) => m.key === mode),
    modes.length,
    (target) => {
      const next = modes[target];
      if (!next) return;
      choose(next.key);
      tabs.current[target]?.focus();
    },
  );

  const panel = (key: Mode, content: ReactNode) => (
    <div
      key={key}
      role="tabpanel"
      id={`${id}-${key}-panel`}
      aria-labelledby={`${id}-${key}-tab`}
      hidden={mode !== key}
      className="reviews-modes__panel"
    >
      {content}
    </div>
  );

  return (
    <div className="reviews-modes">
      {/* Hidden where scripting is off: the switch needs JavaScript, the reviews do not. */}
      <div className="reviews-modes__tabs" role="tablist" aria-label="Show" onKeyDown={onKeyDown}>
        {modes.map((m, index) => (
          <button
            key={m.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${m.key}-tab`}
            aria-controls={`${id}-${m.key}-panel`}
            aria-selected={mode === m.key}
            tabIndex={mode === m.key ? 0 : -1}
            className="reviews-modes__tab"
            onClick={() => choose(m.key)}
          >
            {m.label}
          </button>
        ))}
      </div>
      {panel("reviews", reviews)}
      {panel("seo", opened.has("seo") ? <SeoView /> : null)}
      {panel(
        "performance",
        opened.has("performance") ? (
          <Suspense fallback={<p className="reviews-mode-panel">Loading the speed figures…</p>}>
            <PerformanceView />
          </Suspense>
        ) : null,
      )}
    </div>
  );
}
