import type { ButtonHTMLAttributes } from "react";

/**
 * A button that does something on the page (never a form's submit), in one of the house looks:
 * gold `primary` for the step the artist most likely takes, `ghost` for the others, `small` where
 * it sits in a card's row of actions. Any other attribute (disabled, onClick, aria-*) passes through.
 */
export function ActionButton({
  look,
  small,
  className,
  ...attributes
}: { look: "primary" | "ghost"; small?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const classes = ["button", `button--${look}`, small ? "button--small" : null, className].filter(Boolean);
  return <button type="button" className={classes.join(" ")} {...attributes} />;
}
