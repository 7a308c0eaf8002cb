/** @jsxImportSource hono/jsx */
import { aftercarePart } from "../aftercare/status-page";
import { bookingPart } from "../booking/status-page";
import { quotePart } from "../quotes-and-deposits/status-page";
import { releaseFormPart } from "../release-forms/status-page";
import type { JourneyContext, Section } from "./journey";

/**
 * The parts of a request's status page past the conversation (docs/decisions/020-quote-to-healed.md):
 * each one is a function that reads what it needs for this request and returns its section, or
 * null when it has nothing to show at the request's stage. They render in this order, after
 * "Where it stands". The page stays script-free.
 */
type JourneyPart = (context: JourneyContext) => Promise<Section | null>;

const parts: readonly JourneyPart[] = [quotePart, bookingPart, releaseFormPart, aftercarePart];

/** Every part's section, in order; a part that fails is left out rather than failing the page. */
export async function journeySections(context: JourneyContext): Promise<Section[]> {
  const sections = await Promise.all(parts.map((part) => part(context).catch(() => null)));
  return sections.filter((section) => section !== null);
}
