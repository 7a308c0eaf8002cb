/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";

/**
 * The one-shot line at the top of a part after its form was posted: a confirmation is a polite
 * status, a refusal an alert.
 */
export function Banner({ kind, id, children }: { kind: "success" | "error"; id?: string; children: Child }) {
  return (
    <p
      class={`request-status__banner request-status__banner--${kind}`}
      id={id}
      role={kind === "success" ? "status" : "alert"}
    >
      {children}
    </p>
  );
}
