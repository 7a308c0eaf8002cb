import type { KeyboardEvent } from "react";

/**
 * Arrow-key movement inside a role="tablist" (WAI-ARIA tabs pattern, manual activation):
 * Left/Right/Home/End move the focus; Enter or Space activates, as with any button. Only the
 * selected tab is in the Tab order (tabIndex 0, the others -1).
 */
export function onTabListKeyDown(event: KeyboardEvent<HTMLElement>) {
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
