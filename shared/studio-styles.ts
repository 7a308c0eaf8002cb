import type { StudioContent } from "./schemas/content";

/**
 * The styles the studio offers, as slugs in the order its portfolio first shows them: the
 * styles of the visible pieces, as the gallery's filter offers them. The waitlist's boxes and
 * the worker's check of a sign-up read this one list.
 */
export function studioStyles(portfolio: StudioContent["portfolio"]): string[] {
  return [...new Set(portfolio.filter((piece) => !piece.hidden).map((piece) => piece.style))];
}
