import type { JSX } from "hono/jsx/jsx-runtime";
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
}

/** A section of the status page, as hono/jsx renders it. */
export type Section = JSX.Element;
