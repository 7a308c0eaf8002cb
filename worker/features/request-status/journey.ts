import type { JSX } from "hono/jsx/jsx-runtime";
import type { Facts } from "../../../shared/content-facts";
import type { Bindings } from "../../types";
import type { SubmissionRow } from "../requests/lookup";

/**
 * What each part of a request's status page is given, and what it returns: the types the
 * features' parts share with the page that lists them, in a file of their own so that a part
 * importing them does not import the list of parts back.
 */
export interface JourneyContext {
  env: Bindings;
  request: SubmissionRow<"consultation">;
  /** The page's token, for the part's own forms (`/requests/<token>/...`). */
  token: string;
  now: Date;
  /** The page's query string, for a part's own one-shot banners (`?paid=1`...). */
  query: URLSearchParams;
  /** The visitor's own IANA time zone from the edge's geodata, or null when unknown. */
  visitorTimeZone: string | null;
  /** The studio's facts as published (phone, address, policies, how it takes payment). */
  facts: Facts;
}

/** A section of the status page, as hono/jsx renders it. */
export type Section = JSX.Element;

/**
 * One later stage's part of the page: it reads what it needs for this request and returns its
 * section, or null when it has nothing to show at the request's stage. The parts are listed, in
 * order, where the /requests routes are registered; the page stays script-free.
 */
export type JourneyPart = (context: JourneyContext) => Promise<Section | null>;

/** Every part's section, in order; a part that fails is left out rather than failing the page. */
export async function journeySections(
  parts: readonly JourneyPart[],
  context: JourneyContext,
): Promise<Section[]> {
  const sections = await Promise.all(parts.map((part) => part(context).catch(() => null)));
  return sections.filter((section) => section !== null);
}
