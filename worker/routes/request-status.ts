import { drizzle } from "drizzle-orm/d1";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { flashReferenceText } from "../../shared/content/flash-reference";
import { maxReferenceImageBytes } from "../../shared/reference-images";
import { maxMessageChars, messageSchema } from "../../shared/schemas/messages";
import { securityHeaders } from "../../shared/security-headers";
import { consultationKind } from "../../shared/submission-kinds";
import { journeyOf } from "../db/queries/journey";
import { countAnswer, markRead } from "../db/queries/messages";
import { isMessageImageOf } from "../db/queries/reference-images";
import type { SubmissionRow } from "../db/queries/submissions";
import { ApiError } from "../lib/api-error";
import { clientAddress } from "../lib/visitor";
import { waitUntilOf } from "../lib/wait-until";
import { limitBody } from "../middleware/body-limit";
import { sameOrigin } from "../middleware/same-origin";
import {
  type ConversationView,
  messageSentAnchor,
  requestStatusHtml,
  tooManyTriesHtml,
} from "../pages/request-status";
import { notFoundShell } from "../pages/site-pages";
import { journeySections } from "../pages/status/journey";
import { locationFromEdge } from "../services/geodata";
import { conversationOf, deliverMessageMail, postMessage } from "../services/messages";
import { PhotoRefused } from "../services/photos/pipeline";
import { photoRefusal } from "../services/photos/refusal";
import { hasRoom, submissionQuota } from "../services/rate-limit";
import { serveReferenceImage, storeReferenceImage, UploadQuotaFull } from "../services/reference-images";
import { lookupStatusPage, type StatusLookup } from "../services/status-links";
import { stripeSettings, withCheckoutFormAction } from "../services/stripe";
import { submissionReferences } from "../services/submission-references";
import type { AppEnv } from "../types";

type Consultation = SubmissionRow<"consultation">;

/**
 * The same-origin check of the answer form. The status page is sent with
 * `Referrer-Policy: no-referrer` (its address is the secret), under which browsers send
 * `Origin: null` with its form's POST; the browser's own `Sec-Fetch-Site: same-origin`, which no
 * page can set, then says where it came from. Any other request goes through the usual check.
 */
export const sameOriginFromPrivatePage = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("Origin") === "null" && c.req.header("Sec-Fetch-Site") === "same-origin") return next();
  return sameOrigin(c, next);
});

/**
 * GET /requests/<token>: a consultation request's private status page
 * (docs/decisions/018-request-status-links.md). Never kept in any cache (each answer is one
 * person's), never indexed, and sent with no referrer, as its address is the secret. A wrong
 * or revoked link gets the site's own not-found page; an address that tried too many wrong
 * links gets 429 for every link, so neither answer says anything about a token.
 */
export const requestStatus = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const found = await lookup(c);
    if (!found.found) return refused(c, found);
    // Seeing the page is reading the artist's messages (the card shows when they were read).
    await markRead(c.env.DB, found.request.id, "artist", new Date().toISOString());
    return statusPage(c, found.request, 200, { sent: c.req.query("sent") === "1" });
  })
  /**
   * The client's answer, posted by the page's plain form (multipart: the text and at most one
   * image), same-origin and counted per address. Saved, then the artist is e-mailed; a 303 brings
   * the page back with the confirmation, so a reload sends nothing twice. A refusal shows the
   * page again with the reason and the text kept.
   */
  .post(
    "/:token/messages",
    sameOriginFromPrivatePage,
    limitBody(maxReferenceImageBytes + 64 * 1024),
    async (c) => {
      const found = await lookup(c);
      if (!found.found) return refused(c, found);
      const request = found.request;
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
        throw new ApiError(415, "Send the form as multipart/form-data.");
      }
      const form = await c.req.formData();
      const rawBody = form.get("body");
      const draft = typeof rawBody === "string" ? rawBody.slice(0, maxMessageChars * 2) : "";
      const again = (status: ContentfulStatusCode, message: string, field: "body" | "image" | null) =>
        statusPage(c, request, status, { draft, error: { message, field } });
      const parsed = messageSchema.safeParse({ body: draft });
      if (!parsed.success) {
        return again(400, `Your answer: ${parsed.error.issues[0]?.message ?? "please check it"}.`, "body");
      }
      const quota = await submissionQuota({
        scope: "request-messages",
        address: clientAddress(c.req),
        secret: c.env.RATE_LIMIT_SECRET,
        max: messagesPerHour,
        windowSeconds: 3600,
        now: new Date(),
      });
      const tooMany = () => {
        c.header("Retry-After", String(quota.retryAfter));
        return again(
          429,
          "Too many answers were sent from your connection in the last hour. Please wait a little, or call the studio.",
          null,
        );
      };
      if (!(await hasRoom(c.env.DB, quota))) return tooMany();
      const file = form.get("image");
      let imageId: string | undefined;
      if (file instanceof File && file.size > 0) {
        try {
          if (file.size > maxReferenceImageBytes) throw new PhotoRefused({ reason: "too_large" });
          imageId = (await storeReferenceImage(c.env, new Uint8Array(await file.arrayBuffer()), quota)).id;
        } catch (error) {
          if (error instanceof PhotoRefused) {
            const refusal = photoRefusal(file.name, error.failure, {
              noun: "image",
              maxBytes: maxReferenceImageBytes,
              bytes: file.size,
            });
            return again(400, `${refusal.message} Your answer was not sent.`, "image");
          }
          if (error instanceof UploadQuotaFull) return tooMany();
          throw error;
        }
      }
      const saved = await postMessage(c.env, {
        submissionId: request.id,
        author: "client",
        body: parsed.data.body,
        now: new Date(),
        imageId,
      });
      // An image already counted the answer in the window (storing it did); a text alone counts now.
      if (!imageId) await countAnswer(c.env.DB, quota);
      waitUntilOf(c)?.(deliverMessageMail(c.env, { only: saved.id }));
      return c.redirect(`/requests/${c.req.param("token")}?sent=1#${messageSentAnchor}`, 303);
    },
  )
  /** An image of the conversation, to the holder of the request's link only. */
  .get("/:token/images/:id/:copy", async (c) => {
    const found = await lookup(c);
    if (!found.found) return refused(c, found);
    const copy = c.req.param("copy");
    const id = c.req.param("id");
    if (
      (copy === "thumb" || copy === "full") &&
      (await isMessageImageOf(drizzle(c.env.DB), id, found.request.id))
    ) {
      const response = await serveReferenceImage(c.env, id, copy);
      if (response) {
        const headers = new Headers(response.headers);
        headers.set("Cache-Control", "no-store");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("X-Robots-Tag", "noindex");
        return new Response(response.body, { status: 200, headers });
      }
    }
    return refused(c, { found: false, limited: false });
  });

/** Answers one visitor may send in an hour, images included: a conversation, not a flood. */
const messagesPerHour = 20;

/** The request a status link opens: what every route under /requests/<token> starts with. */
export function lookup(c: Context<AppEnv>) {
  return lookupStatusPage(c.env, {
    token: c.req.param("token") ?? "",
    address: clientAddress(c.req),
    now: new Date(),
  });
}

/** The answer to a wrong, revoked or rate-limited link: the same for every route under it. */
export async function refused(c: Context<AppEnv>, miss: Exclude<StatusLookup, { found: true }>) {
  const shell = await notFoundShell(c);
  if (miss.limited) {
    c.header("Retry-After", String(miss.retryAfter));
    return privatePage(c, shell, 429, tooManyTriesHtml, false);
  }
  return privatePage(c, shell, 404, null, false);
}

/**
 * The status page as this request answers it. A part's form post that answers with the page
 * itself (not a redirect) passes `query` with the one-shot banner its part shows.
 */
export async function statusPage(
  c: Context<AppEnv>,
  request: Consultation,
  status: ContentfulStatusCode,
  state: Pick<ConversationView, "sent" | "draft" | "error">,
  query = new URL(c.req.url).searchParams,
) {
  const token = c.req.param("token") ?? "";
  const now = new Date();
  const visitorTimeZone = visitorZone(c);
  const [[references = {}], messages, journey, progress, shell] = await Promise.all([
    submissionReferences(c.env.DB, consultationKind, [request]).catch(() => []),
    conversationOf(c.env, request.id),
    journeySections({ env: c.env, request, token, now, query, visitorTimeZone }),
    journeyOf(c.env.DB, request.id),
    notFoundShell(c),
  ]);
  const texts = Object.fromEntries(
    Object.entries(references).map(([column, reference]) => [column, flashReferenceText(reference)]),
  );
  const view: ConversationView = { token, messages, ...state };
  const page = privatePage(
    c,
    shell,
    status,
    requestStatusHtml(request, now, texts, view, journey, progress),
    true,
  );
  const stripe = stripeSettings(c.env);
  // The shell's own policy (with its style hashes), or the site's when the shell sent none.
  const policy = page.headers.get("Content-Security-Policy") ?? securityHeaders["Content-Security-Policy"];
  if (stripe && policy) page.headers.set("Content-Security-Policy", withCheckoutFormAction(policy, stripe));
  return page;
}

/**
 * The visitor's own time zone from the edge's geodata, when it is real: wrangler dev hands every
 * request a made-up Austin, which is never shown as the visitor's outside production.
 */
function visitorZone(c: Context<AppEnv>): string | null {
  const cf = (c.req.raw as { cf?: Record<string, unknown> }).cf;
  return locationFromEdge(cf, { trustPlaceholder: c.env.ENVIRONMENT === "production", startedAt: 0 })
    .timezone;
}

/**
 * The site's not-found page as this path answers: its body replaced by `html` when given, with
 * the headers of a private page. The found page also drops what describes the not-found page to
 * search engines and sharing previews, takes its own title, and adds its stylesheet.
 */
export function privatePage(
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
