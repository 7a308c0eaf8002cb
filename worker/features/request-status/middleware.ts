import { createMiddleware } from "hono/factory";
import { sameOrigin } from "../../platform/middleware/same-origin";
import { clientAddress } from "../../platform/visitor";
import type { AppEnv } from "../../types";
import type { SubmissionRow } from "../requests/lookup";
import type { JourneyPart } from "./journey";
import { refusedLink } from "./private-page";
import { lookupStatusPage } from "./service";

/**
 * What every route under /requests/<token> reads: the request its link opens, the link's token,
 * and the later stages' parts of the status page.
 */
export type StatusLinkEnv = {
  Bindings: AppEnv["Bindings"];
  Variables: AppEnv["Variables"] & {
    request: SubmissionRow<"consultation">;
    token: string;
    journeyParts: readonly JourneyPart[];
  };
};

/**
 * Opens the request behind /requests/<token> once, for every route under it
 * (docs/decisions/018-request-status-links.md). A wrong or revoked link gets the site's
 * not-found page, and an address that tried too many wrong links 429 for every link, before any
 * handler runs; guesses are counted per address.
 */
export const openStatusLink = (journeyParts: readonly JourneyPart[]) =>
  createMiddleware<StatusLinkEnv>(async (c, next) => {
    const token = c.req.param("token") ?? "";
    const found = await lookupStatusPage(c.env, { token, address: clientAddress(c.req), now: new Date() });
    if (!found.found) return refusedLink(c, found);
    c.set("request", found.request);
    c.set("token", token);
    c.set("journeyParts", journeyParts);
    await next();
  });

/**
 * The same-origin check of the status page's forms. The page is sent with
 * `Referrer-Policy: no-referrer` (its address is the secret), under which browsers send
 * `Origin: null` with its form's POST; the browser's own `Sec-Fetch-Site: same-origin`, which no
 * page can set, then says where it came from. Any other request goes through the usual check.
 */
export const sameOriginFromPrivatePage = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("Origin") === "null" && c.req.header("Sec-Fetch-Site") === "same-origin") return next();
  return sameOrigin(c, next);
});
