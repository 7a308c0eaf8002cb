import { type Context, Hono } from "hono";
import { flashReferenceText } from "../../shared/content/flash-reference";
import { consultationKind } from "../../shared/submission-kinds";
import { clientAddress } from "../middleware/rate-limit";
import { requestStatusHtml, tooManyTriesHtml } from "../pages/request-status";
import { notFoundShell } from "../pages/site-pages";
import { lookupStatusPage } from "../services/status-links";
import { submissionReferences } from "../services/submission-references";
import type { AppEnv } from "../types";

/**
 * GET /requests/<token>: a consultation request's private status page
 * (docs/decisions/018-request-status-links.md). Never kept in any cache (each answer is one
 * person's), never indexed, and sent with no referrer, as its address is the secret. A wrong
 * or revoked link gets the site's own not-found page; an address that tried too many wrong
 * links gets 429 for every link, so neither answer says anything about a token.
 */
export const requestStatus = new Hono<AppEnv>().get("/:token", async (c) => {
  const lookup = await lookupStatusPage(c.env, {
    token: c.req.param("token"),
    address: clientAddress(c.req),
    now: new Date(),
  });
  const shell = await notFoundShell(c);
  if (lookup.found) {
    const [references = {}] = await submissionReferences(c.env.DB, consultationKind, [lookup.request]).catch(
      () => [],
    );
    const texts = Object.fromEntries(
      Object.entries(references).map(([column, reference]) => [column, flashReferenceText(reference)]),
    );
    return privatePage(c, shell, 200, requestStatusHtml(lookup.request, new Date(), texts), true);
  }
  if (lookup.limited) {
    c.header("Retry-After", String(lookup.retryAfter));
    return privatePage(c, shell, 429, tooManyTriesHtml, false);
  }
  return privatePage(c, shell, 404, null, false);
});

/**
 * The site's not-found page as this path answers: its body replaced by `html` when given, with
 * the headers of a private page. The found page also drops what describes the not-found page to
 * search engines and sharing previews, takes its own title, and adds its stylesheet.
 */
function privatePage(
  c: Context<AppEnv>,
  shell: Response,
  status: number,
  html: string | null,
  found: boolean,
) {
  let rewriter = new HTMLRewriter();
  if (html) {
    rewriter = rewriter.on(".page--not-found", {
      element: (el) => {
        el.replace(html, { html: true });
      },
    });
  }
  if (found) {
    rewriter = rewriter
      .on("title", {
        element: (el) => {
          el.setInnerContent("Your consultation request | Gilded Needle Tattoo");
        },
      })
      .on(
        'meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]',
        {
          element: (el) => {
            el.remove();
          },
        },
      )
      .on("head", {
        element: (el) => {
          el.append('<link rel="stylesheet" href="/request-status.css" />', { html: true });
        },
      });
  }
  const page = rewriter.transform(shell);
  const headers = new Headers(page.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Referrer-Policy", "no-referrer");
  for (const name of ["Content-Length", "ETag", "Last-Modified", "Vary", "Age"]) headers.delete(name);
  for (const [name, value] of c.res.headers)
    if (name.toLowerCase() === "retry-after") headers.set(name, value);
  return new Response(page.body, { status, headers });
}
