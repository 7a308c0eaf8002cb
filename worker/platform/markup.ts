import type { JSX } from "hono/jsx/jsx-runtime";
import { scriptSafeJson } from "../../shared/json-script";

/**
 * A JSX element as markup, for HTMLRewriter, whose handlers take strings. hono/jsx has escaped
 * every value in it already. Only elements without async parts render synchronously; anything
 * else is a mistake in the caller, not something to wait for.
 */
export function markup(element: JSX.Element): string {
  const html = element.toString();
  if (typeof html !== "string") throw new Error("markup() was given an element with async parts");
  return html;
}

/**
 * A value as a JSON data block a page's script reads (`type="application/json"`): the browser
 * never runs it, and no `<` in the value can end the element early.
 */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(JSON.stringify(value))}</script>`;
}
