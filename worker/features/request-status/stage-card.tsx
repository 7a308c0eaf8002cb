/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";

/**
 * A later stage's card on the status page, named by its heading (`titleId`). Where the stage's
 * forms send the visitor back to the card's `anchor`, the card takes focus there (tabindex -1),
 * so a screen reader starts at the answer rather than the top of the page.
 */
export function StageCard({
  part,
  anchor,
  titleId,
  focusable = true,
  children,
}: {
  /** The card's own class, beside the page's card class. */
  part: string;
  anchor?: string;
  titleId: string;
  focusable?: boolean;
  children: Child;
}) {
  return (
    <section
      class={`request-status__card ${part}`}
      id={anchor}
      aria-labelledby={titleId}
      tabindex={anchor && focusable ? -1 : undefined}
    >
      {children}
    </section>
  );
}

/**
 * One of a stage card's plain forms: posts to `action`, its fields above one submit button (and
 * `also`, a link beside it). Its route answers 303 back to the card.
 */
export function StageForm({
  action,
  label,
  kind = "primary",
  also,
  children,
}: {
  action: string;
  label: Child;
  kind?: "primary" | "ghost";
  also?: Child;
  children?: Child;
}) {
  return (
    <form class="quote-part__form" method="post" action={action}>
      {children}
      <div class="quote-part__actions">
        <button class={`button button--${kind}`} type="submit">
          {label}
        </button>
        {also}
      </div>
    </form>
  );
}
