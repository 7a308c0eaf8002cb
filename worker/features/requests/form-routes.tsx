/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { contactSuccessMessage } from "../../../shared/content/form-messages";
import type { Facts } from "../../../shared/content-facts";
import { consultationFieldLabels } from "../../../shared/schemas/consultation-fields";
import { contactFieldLabels } from "../../../shared/schemas/contact-fields";
import { ageVerificationField, booleanField, fieldErrors } from "../../../shared/schemas/fields";
import { scanPayload, unsafeContentMessage } from "../../../shared/schemas/security-scan";
import { formPostPath } from "../../../shared/schemas/submission";
import { type AnySubmissionKind, consultationKind, contactKind } from "../../../shared/submission-kinds";
import { ApiError, errorBody } from "../../platform/api-error";
import { submissionSettings } from "../../platform/config";
import { fromBase64 } from "../../platform/crypto";
import { sentAnchor } from "../../platform/form-answers";
import {
  type FormPageState,
  type FormValues,
  formPageResponse,
  renderFormPage,
} from "../../platform/form-page";
import { requestFingerprint } from "../../platform/idempotency";
import { log } from "../../platform/log";
import { markup } from "../../platform/markup";
import { submissionBodyLimit } from "../../platform/middleware/body-limit";
import { submissionRateLimit } from "../../platform/middleware/rate-limit";
import { sameOrigin } from "../../platform/middleware/same-origin";
import type { Bindings } from "../../types";
import { publishedFacts } from "../content/facts";
import { statusPagePrefix } from "../request-status/service";
import { bookingPath, sitePageAt, withLiveDesign } from "../site-pages";
import { RequestSent } from "./form-answers-page";
import { FORM_TICKET_COOKIE, issueFormTicket, readFormTicket, ticketCookie } from "./form-ticket";
import { type SubmissionEnv, submissionRequest } from "./routes";
import { acceptSubmission, findIdempotencyRecord } from "./service";

/**
 * The public forms without JavaScript: each form's <form method="post"> posts here as
 * application/x-www-form-urlencoded, and the answer is a page, never JSON. A post passes what the
 * JSON endpoint's body passes (same-origin, the size limit, the rate-limit window it shares with
 * the JSON endpoint, the security scan, the kind's own schema, then the same service with its
 * honeypot, fill-time and Turnstile checks); the fill time comes from a signed cookie
 * (worker/features/requests/form-ticket.ts). A refused post gets its form page back with what was typed
 * and the errors; a saved one is redirected (303) to a page saying so, so a reload sends nothing
 * twice.
 */

interface FormPost {
  kind: AnySubmissionKind;
  /** The page the form is on. */
  page: string;
  /** Field names as the error summary says them. */
  labels: Record<string, string>;
  /** What the page shows once the submission is saved (with its status page's path, if any). */
  sent: (env: Bindings, statusPath: string | null, facts: Facts) => FormPageState;
}

const needsAttention = "Nothing was sent yet. Please check the marked fields.";
const tooQuick =
  "That was quicker than we expected from a person. Please check your details and send the form again.";
const needsScriptCheck =
  "This form's security check runs only with JavaScript, so nothing was sent. Please turn JavaScript on and send it again, or call or e-mail the studio.";
const tooLong =
  "That was more text than the form can take, so nothing was sent. Please shorten your message and send it again.";
const serverFault =
  "Something went wrong on our side, so nothing was saved. Please try again in a minute, or call the studio.";

const contactPost: FormPost = {
  kind: contactKind,
  page: "/contact",
  labels: contactFieldLabels,
  sent: () => ({ success: contactSuccessMessage }),
};

const consultationPost: FormPost = {
  kind: consultationKind,
  page: "/book-consultation",
  labels: consultationFieldLabels,
  sent: (env, statusPath, facts) => ({
    replace: {
      selector: ".book-layout",
      html: markup(
        <RequestSent
          bookingUrl={submissionSettings(env).bookingWidgetUrl}
          statusPath={statusPath}
          telHref={facts.telHref}
        />,
      ),
    },
    remove: [".consultation-jump"],
  }),
};

/** The kind's fields as typed: the schema's keys, checkboxes (its boolean fields) ticked or not. */
function formValues(kind: AnySubmissionKind, params: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(kind.schema.shape)) {
    // Reference images are uploaded by script only: a plain post never carries them.
    if (name === "website" || name === "fillMs" || name === "turnstileToken" || name === "referenceImages")
      continue;
    values[name] =
      field === booleanField || field === ageVerificationField ? params.has(name) : (params.get(name) ?? "");
  }
  return values;
}

const isFormBody = (c: Context) =>
  (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ===
  "application/x-www-form-urlencoded";

/** The form's page, rewritten with `state`, answered with `status` and never cached. */
async function formPage(
  c: Context<SubmissionEnv>,
  post: FormPost,
  status: number,
  state: FormPageState,
  extraHeaders: Record<string, string> = {},
) {
  // The live page, as a plain GET gets it: the published facts, not the build's.
  let page = await sitePageAt(c, post.page);
  // A design attached with "Book this design" stays attached when the form comes back.
  const design = state.values?.flashDesign;
  if (typeof design === "string" && design && post.page === bookingPath) {
    page = await withLiveDesign(c.env.DB, page, design);
  }
  const { studio } = await publishedFacts(c.env);
  return formPageResponse(
    c,
    renderFormPage(page, formPostPath(post.kind.path), state, studio),
    status,
    extraHeaders,
  );
}

function formPostRoutes(post: FormPost) {
  const { kind } = post;
  const action = formPostPath(kind.path);
  const sentUrl = `${action}/sent#${sentAnchor}`;
  return (
    new Hono<SubmissionEnv>()
      .post("/", sameOrigin, submissionBodyLimit, submissionRateLimit(kind.path), async (c) => {
        if (!isFormBody(c)) throw new ApiError(415, "Send the form as application/x-www-form-urlencoded.");
        const now = Date.now();
        const params = new URLSearchParams(await c.req.text());
        const values = formValues(kind, params);
        if (scanPayload(values)) {
          log("warn", "unsafe submission refused", { requestId: c.get("requestId"), path: c.req.path });
          return formPage(c, post, 400, { values, message: unsafeContentMessage });
        }
        const parsed = kind.schema.safeParse({
          ...values,
          website: params.get("website") ?? "",
          turnstileToken: params.get("cf-turnstile-response") ?? undefined,
        });
        if (!parsed.success) {
          return formPage(c, post, 400, {
            values,
            errors: fieldErrors(parsed.error.issues),
            labels: post.labels,
            message: needsAttention,
          });
        }
        const secret = c.env.JWT_SECRET;
        const ticket = await readFormTicket(secret, getCookie(c, FORM_TICKET_COOKIE), now);
        const idempotency = ticket
          ? {
              scope: kind.path,
              key: `form-${ticket.id}`,
              requestHash: await requestFingerprint(JSON.stringify(values)),
            }
          : null;
        if (idempotency) {
          const record = await findIdempotencyRecord(
            c.env.DB,
            kind.path,
            idempotency.key,
            new Date(now).toISOString(),
          );
          // The same post again (a double click, a retry): it was saved the first time.
          if (record?.requestHash === idempotency.requestHash) return c.redirect(sentUrl, 303);
          // A ticket is good for one submission; another one starts its own fill time.
          if (record) {
            ticketCookie(c, await issueFormTicket(secret, now));
            return formPage(c, post, 400, { values, message: tooQuick });
          }
        }
        let saved: Awaited<ReturnType<typeof acceptSubmission>>;
        try {
          saved = await acceptSubmission({ ...submissionRequest(c), idempotency }, kind, {
            ...(parsed.data as object),
            fillMs: ticket ? now - ticket.issuedAt : undefined,
          } as Parameters<typeof acceptSubmission>[2]);
        } catch (error) {
          if (!(error instanceof ApiError)) {
            log("error", "form post failed", {
              requestId: c.get("requestId"),
              path: c.req.path,
              error: error instanceof Error ? error.message : String(error),
            });
            return formPage(c, post, 503, { values, message: serverFault });
          }
          // Without a ticket (images off, or a robot) the post starts its fill time now.
          if (error.code === "too_fast") ticketCookie(c, await issueFormTicket(secret, now));
          for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
          // Turnstile's widget is a script: without one there was never a check to complete.
          const message = error.code === "turnstile_failed" ? needsScriptCheck : error.message;
          return formPage(c, post, error.status, {
            values,
            message,
            errors: error.fields,
            labels: post.labels,
          });
        }
        // The confirmation shows the status page's link: its token rides in the query, as it is
        // about to sit in the link on the page anyway (the page is sent with no-referrer).
        const token = statusToken(saved.body.statusUrl);
        return c.redirect(token ? `${action}/sent?request=${token}#${sentAnchor}` : sentUrl, 303);
      })
      // The address of a form's answer, reached again by its address alone: the form itself.
      .get("/", (c) => c.redirect(post.page, 303))
      .get("/sent", async (c) => {
        const token = c.req.query("request");
        const statusPath = token && tokenShape.test(token) ? `${statusPagePrefix}${token}` : null;
        return formPage(c, post, 200, post.sent(c.env, statusPath, await publishedFacts(c.env)), {
          "Referrer-Policy": "no-referrer",
        });
      })
      .onError((error, c) => {
        if (!(error instanceof ApiError) || error.status === 403) {
          if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
          throw error;
        }
        // A body too large, of the wrong type, or one post too many: the form again with the reason.
        for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
        return formPage(c, post, error.status, { message: error.status === 413 ? tooLong : error.message });
      })
  );
}

/** A status link's token as newToken makes it: 43 base64url characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

function statusToken(url: string | undefined): string | null {
  if (!url) return null;
  const token = new URL(url).pathname.slice(statusPagePrefix.length);
  return tokenShape.test(token) ? token : null;
}

/** A 1x1 transparent GIF: the ticket image shows nothing. */
const blankGif = fromBase64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");

export const formPosts = new Hono<SubmissionEnv>()
  .get("/ticket", async (c) => {
    ticketCookie(c, await issueFormTicket(c.env.JWT_SECRET, Date.now()));
    c.header("Cache-Control", "no-store");
    return c.body(blankGif, 200, { "Content-Type": "image/gif" });
  })
  .route("/contact", formPostRoutes(contactPost))
  .route("/consultations", formPostRoutes(consultationPost));
