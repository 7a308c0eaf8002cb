import type { KeyboardEvent, ReactNode } from "react";

/** A row of tabs that arrow keys move along; `label` names the row for screen readers. */
export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-tabs" role="tablist" onKeyDown={onTabListKeyDown} aria-label={label}>
      {children}
    </div>
  );
}

/**
 * One tab of a TabList, tied to the panel it controls by id. Only the selected tab is in the Tab
 * order; the arrow keys reach the others.
 */
export function Tab({
  id,
  panel,
  selected,
  onSelect,
  children,
}: {
  id: string;
  panel: string;
  selected: boolean;
  onSelect(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={id}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      aria-controls={panel}
      className="admin-tab"
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

/**
 * Arrow-key movement inside a role="tablist" (WAI-ARIA tabs pattern, manual activation):
 * Left/Right/Home/End move the focus; Enter or Space activates, as with any button. Only the
 * selected tab is in the Tab order (tabIndex 0, the others -1).
 */
function onTabListKeyDown(event: KeyboardEvent<HTMLElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  const last = tabs.length - 1;
  const next =
    event.key === "ArrowRight"
      ? (index + 1) % tabs.length
      : event.key === "ArrowLeft"
        ? (index - 1 + tabs.length) % tabs.length
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? last
            : -1;
  if (next < 0) return;
  event.preventDefault();
  tabs[next]?.focus();
}
