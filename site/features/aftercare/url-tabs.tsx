import { type ReactNode, useRef } from "react";
import { tabKeyHandler } from "../../lib/tab-keys";
import { useUrlSearch } from "../../lib/use-url-search";
import "./aftercare-tools.css";

interface TabDefinition {
  id: string;
  label: string;
  badge?: string;
  /** The panel's heading (with the tab's badge after it), named by the panel's id: `<id>-title`. */
  title: string;
  content: ReactNode;
}

/**
 * Tabs whose selection lives in the URL (`?tab=...`), following the WAI-ARIA tab pattern:
 * arrow keys, Home and End move between tabs and select them. The prerendered HTML shows the
 * default tab; deep links switch to theirs right after hydration (see useUrlSearch).
 */
export function UrlTabs({
  tabs,
  label,
  baseId,
  param = "tab",
}: {
  tabs: TabDefinition[];
  label: string;
  /** Prefixes the tabs' and panels' ids. Not useId: an island is its own React root in the
   *  browser, so a generated id would differ from the one the server wrote inside the page. */
  baseId: string;
  param?: string;
}) {
  const defaultTab = tabs[0]?.id ?? "";
  const [search, setSearch] = useUrlSearch();
  const wanted = search.get(param);
  const selected = tabs.some((tab) => tab.id === wanted) ? (wanted as string) : defaultTab;
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string, focus = false) => {
    setSearch((params) => {
      if (id === defaultTab) params.delete(param);
      else params.set(param, id);
    });
    if (focus) buttons.current.get(id)?.focus();
  };

  const onKeyDown = tabKeyHandler(
    tabs.findIndex((tab) => tab.id === selected),
    tabs.length,
    (next) => {
      const tab = tabs[next];
      if (tab) select(tab.id, true);
    },
  );

  return (
    <div className="url-tabs">
      <div role="tablist" aria-label={label} className="url-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="url-tabs__tab"
              onClick={() => select(tab.id)}
            >
              {tab.label}
              {tab.badge ? <span className="url-tabs__badge">{tab.badge}</span> : null}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="url-tabs__panel"
        >
          <h2 id={`${tab.id}-title`}>
            {tab.title}
            {tab.badge ? (
              <>
                {" "}
                <span className="badge">{tab.badge}</span>
              </>
            ) : null}
          </h2>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
