/** @jsxImportSource hono/jsx */
import { drizzle } from "drizzle-orm/d1";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { flashReferenceText } from "../../../shared/content/flash-reference";
import { maxReferenceImageBytes } from "../../../shared/reference-images";
import { maxMessageChars, messageSchema } from "../../../shared/schemas/messages";
import { securityHeaders } from "../../../shared/security-headers";
import { consultationKind } from "../../../shared/submission-kinds";
import { ApiError } from "../../platform/api-error";
import { limitBody } from "../../platform/middleware/body-limit";
import { hasRoom, submissionQuota } from "../../platform/rate-limit";
import { clientAddress } from "../../platform/visitor";
import { waitUntilOf } from "../../platform/wait-until";
import { publishedFacts } from "../content/facts";
import {
  conversationOf,
  countAnswer,
  deliverMessageMail,
  markRead,
  postMessage,
} from "../conversation/service";
import { locationFromEdge } from "../location/service";
import { PhotoRefused } from "../photos/pipeline";
import { photoRefusal } from "../photos/refusal";
import { stripeSettings, withCheckoutFormAction } from "../quotes-and-deposits/stripe";
import {
  isRequestImageOf,
  referenceImagesOf,
  serveReferenceImage,
  storeReferenceImage,
  UploadQuotaFull,
} from "../reference-images/service";
import { submissionReferences } from "../requests/references";
import { journeySections } from "./journey";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "./middleware";
import { type ConversationView, messageSentAnchor, RequestStatus } from "./pages";
import { privatePage, refusedLink } from "./private-page";
import { journeyOf } from "./service";

/**
 * GET /requests/<token>: a consultation request's private status page
 * (docs/decisions/018-request-status-links.md), its conversation's answer form and images. The
 * link is resolved before these run (worker/features/request-status/middleware.ts).
 */
export const requestStatus = new Hono<StatusLinkEnv>()
  .get("/:token", async (c) => {
    // Seeing the page is reading the artist's messages (the card shows when they were read).
    await markRead(c.env.DB, c.var.request.id, "artist", new Date().toISOString());
    return statusPage(c, 200, { sent: c.req.query("sent") === "1" });
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
      const request = c.var.request;
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
        throw new ApiError(415, "Send the form as multipart/form-data.");
      }
      const form = await c.req.formData();
      const rawBody = form.get("body");
      const draft = typeof rawBody === "string" ? rawBody.slice(0, maxMessageChars * 2) : "";
      const again = (status: ContentfulStatusCode, message: string, field: "body" | "image" | null) =>
        statusPage(c, status, { draft, error: { message, field } });
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
      return c.redirect(`/requests/${c.var.token}?sent=1#${messageSentAnchor}`, 303);
    },
  )
  /** An image the client sent (with the request or an answer), to the holder of the request's link only. */
  .get("/:token/images/:id/:copy", async (c) => {
    const copy = c.req.param("copy");
    const id = c.req.param("id");
    if (
      (copy === "thumb" || copy === "full") &&
      (await isRequestImageOf(drizzle(c.env.DB), id, c.var.request.id))
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
    return refusedLink(c, { found: false, limited: false });
  });

/** Answers one visitor may send in an hour, images included: a conversation, not a flood. */
const messagesPerHour = 20;

/**
 * The status page as this request answers it. A part's form post that answers with the page
 * itself (not a redirect) passes `query` with the one-shot banner its part shows.
 */
export async function statusPage(
  c: Context<StatusLinkEnv>,
  status: ContentfulStatusCode,
  state: Pick<ConversationView, "sent" | "draft" | "error">,
  query = new URL(c.req.url).searchParams,
) {
  const { request, token } = c.var;
  const now = new Date();
  const visitorTimeZone = visitorZone(c);
  const facts = await publishedFacts(c.env);
  const [[references = {}], images, messages, journey, progress] = await Promise.all([
    submissionReferences(c.env.DB, consultationKind, [request]).catch(() => []),
    referenceImagesOf(drizzle(c.env.DB), [request.id]).then((byRequest) => byRequest.get(request.id) ?? []),
    conversationOf(c.env, request.id),
    journeySections(c.var.journeyParts, { env: c.env, request, token, now, query, visitorTimeZone, facts }),
    journeyOf(c.env.DB, request.id),
  ]);
  const texts = Object.fromEntries(
    Object.entries(references).map(([column, reference]) => [column, flashReferenceText(reference)]),
  );
  const page = await privatePage(c, {
    status,
    title: "Your consultation request",
    facts,
    main: (
      <RequestStatus
        request={request}
        now={now}
        references={texts}
        images={images}
        conversation={{ token, messages, ...state }}
        journey={journey}
        progress={progress}
        settings={{ onlinePayments: facts.payment.cardDeposits }}
        facts={facts}
      />
    ),
  });
  const stripe = stripeSettings(c.env);
  // The page's own policy (with its style hashes), or the site's when it sent none.
  const policy = page.headers.get("Content-Security-Policy") ?? securityHeaders["Content-Security-Policy"];
  if (stripe && policy) page.headers.set("Content-Security-Policy", withCheckoutFormAction(policy, stripe));
  return page;
}

/**
 * The visitor's own time zone from the edge's geodata, when it is real: wrangler dev hands every
 * request a made-up Austin, which is never shown as the visitor's outside production.
 */
function visitorZone(c: Context<StatusLinkEnv>): string | null {
  const cf = (c.req.raw as { cf?: Record<string, unknown> }).cf;
  return locationFromEdge(cf, { trustPlaceholder: c.env.ENVIRONMENT === "production", startedAt: 0 })
    .timezone;
}
