import type { ReactNode } from "react";

/**
 * A wide table's scrolling frame. On a phone the table scrolls sideways inside it, so the frame
 * takes keyboard focus (arrow keys then scroll it) and names itself for screen readers: a
 * scrolling area a keyboard cannot reach hides the columns past its edge.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
    <section className="admin-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
