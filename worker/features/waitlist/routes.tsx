/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { fieldErrors } from "../../../shared/schemas/fields";
import { scanPayload, unsafeContentMessage } from "../../../shared/schemas/security-scan";
import { unsubscribeQuerySchema, waitlistSchema } from "../../../shared/schemas/waitlist";
import { waitlistFieldLabels, waitlistFormPath, waitlistJoinedMessage } from "../../../shared/waitlist";
import { ApiError, errorBody } from "../../platform/api-error";
import {
  type FormPageState,
  type FormValues,
  formPageResponse,
  renderFormPage,
} from "../../platform/form-page";
import { log } from "../../platform/log";
import { markup } from "../../platform/markup";
import { submissionBodyLimit } from "../../platform/middleware/body-limit";
import { submissionRateLimit } from "../../platform/middleware/rate-limit";
import { requireJson } from "../../platform/middleware/require-json";
import { sameOrigin } from "../../platform/middleware/same-origin";
import { securityScan } from "../../platform/middleware/security-scan";
import { validate } from "../../platform/middleware/validate";
import { clientAddress } from "../../platform/visitor";
import { publishedFacts } from "../content/facts";
import { LeaveWaitlist, type SubmissionEnv, WaitlistMain, WaitlistNotice, waitlistLeft } from "../requests";
import { FORM_TICKET_COOKIE, issueFormTicket, readFormTicket, ticketCookie } from "../requests/form-ticket";
import { sitePageAt } from "../site-pages";
import { joinWaitlist, leaveWaitlist } from "./service";

/** A form body's fields (read as bytes: workerd warns when a form body is read as text). */
async function formFields(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
}

/** The rate-limit window the JSON endpoint and the form post share. */
const scope = "waitlist";

/** The page the sign-up is on while the books are closed. */
const bookingPage = "/book-consultation";

/** Where the redirect after a saved post lands: the confirmation. */
const joinedAnchor = "waitlist-joined";

/**
 * /api/waitlist: the sign-up as JSON (the page's script). It passes what every public form
 * passes (size limit, JSON, rate limit, security scan, schema, honeypot and fill time); the
 * answer is the same whether the address was new or already waiting.
 */
export const waitlistApi = new Hono<SubmissionEnv>().post(
  "/",
  submissionBodyLimit,
  requireJson,
  submissionRateLimit(scope),
  securityScan,
  validate("json", waitlistSchema),
  async (c) => {
    const data = c.req.valid("json");
    const body = await joinWaitlist(
      { env: c.env, clientIp: clientAddress(c.req), quota: c.get("submissionQuota") },
      data,
    );
    return c.json(body, 200);
  },
);

/** A page the worker writes over the live booking page: never cached, never indexed. */
async function bookingPageWith(c: Context<SubmissionEnv>, status: number, state: FormPageState) {
  const page = await sitePageAt(c, bookingPage);
  const { studio } = await publishedFacts(c.env);
  // A page's own title, then the studio's published name.
  const titled = state.title ? { ...state, title: `${state.title} | ${studio.name}` } : state;
  return formPageResponse(c, renderFormPage(page, waitlistFormPath, titled, studio), status);
}

const needsAttention = "Nothing was saved yet. Please check the marked fields.";
const tooQuick =
  "That was quicker than we expected from a person. Please check your details and send the form again.";
const serverFault =
  "Something went wrong on our side, so nothing was saved. Please try again in a minute, or call the studio.";

/**
 * /forms/waitlist: the sign-up posted without JavaScript (docs/decisions/008), answered with the
 * live booking page: again with what was typed and the errors, or (after a 303, so a reload
 * sends nothing twice) with the confirmation in the form's place. Once the books are open there
 * is no waitlist: the visitor is sent to the request form.
 */
export const waitlistFormPosts = new Hono<SubmissionEnv>()
  .post("/", sameOrigin, submissionBodyLimit, submissionRateLimit(scope), async (c) => {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
      throw new ApiError(415, "Send the form as application/x-www-form-urlencoded.");
    const now = Date.now();
    const params = await formFields(c.req.raw);
    const values: FormValues = {
      name: params.get("name") ?? "",
      email: params.get("email") ?? "",
      styles: params.getAll("styles"),
    };
    if (scanPayload(values)) {
      log("warn", "unsafe submission refused", { requestId: c.get("requestId"), path: c.req.path });
      return bookingPageWith(c, 400, { values, message: unsafeContentMessage });
    }
    const parsed = waitlistSchema.safeParse({ ...values, website: params.get("website") ?? "" });
    if (!parsed.success) {
      return bookingPageWith(c, 400, {
        values,
        errors: fieldErrors(parsed.error.issues),
        labels: waitlistFieldLabels,
        message: needsAttention,
      });
    }
    const ticket = await readFormTicket(c.env.JWT_SECRET, getCookie(c, FORM_TICKET_COOKIE), now);
    try {
      await joinWaitlist(
        { env: c.env, clientIp: clientAddress(c.req), quota: c.get("submissionQuota") },
        { ...parsed.data, fillMs: ticket ? now - ticket.issuedAt : undefined },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) {
        log("error", "waitlist form post failed", {
          requestId: c.get("requestId"),
          error: error instanceof Error ? error.message : String(error),
        });
        return bookingPageWith(c, 503, { values, message: serverFault });
      }
      if (error.code === "books_open") return c.redirect(bookingPage, 303);
      // Without a ticket (images off, or a robot) the post starts its fill time now.
      if (error.code === "too_fast") ticketCookie(c, await issueFormTicket(c.env.JWT_SECRET, now));
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return bookingPageWith(c, error.status, {
        values,
        message: error.code === "too_fast" ? tooQuick : error.message,
        errors: error.fields,
        labels: waitlistFieldLabels,
      });
    }
    return c.redirect(`${waitlistFormPath}/joined#${joinedAnchor}`, 303);
  })
  .get("/", (c) => c.redirect(bookingPage, 303))
  .get("/joined", (c) =>
    bookingPageWith(c, 200, {
      title: "You're on the waitlist",
      replace: {
        selector: ".book-layout",
        html: markup(
          <WaitlistNotice
            id={joinedAnchor}
            heading="You're on the waitlist"
            message={waitlistJoinedMessage}
          />,
        ),
      },
    }),
  )
  .onError((error, c) => {
    if (!(error instanceof ApiError) || error.status === 403) {
      if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
      throw error;
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return bookingPageWith(c, error.status, { message: error.message });
  });

/**
 * /waitlist/leave: the e-mail's unsubscribe link. Opening it only asks (mail scanners open links
 * on their own, and must not take anyone off the list); its button posts the token, and the
 * entry is deleted. The answer is the same calm page whether or not the token named an entry,
 * so a link reveals nothing about who is on the list.
 */
export const waitlistPages = new Hono<SubmissionEnv>()
  .get("/leave", (c) => {
    // Whatever the link holds, the page asks the same: a broken link is told nothing more.
    const token = c.req.query("token") ?? "";
    return bookingPageWith(c, 200, {
      title: "Leave the waitlist",
      replace: {
        selector: "main",
        html: markup(
          token ? (
            <WaitlistMain heading="Leave the waitlist">
              <LeaveWaitlist token={token} />
            </WaitlistMain>
          ) : (
            <WaitlistMain heading="You're off the waitlist">{waitlistLeft}</WaitlistMain>
          ),
        ),
      },
    });
  })
  .post("/leave", sameOrigin, async (c) => {
    const token = (await formFields(c.req.raw)).get("token") ?? "";
    if (unsubscribeQuerySchema.safeParse({ token }).success) await leaveWaitlist(c.env.DB, token);
    return bookingPageWith(c, 200, {
      title: "You're off the waitlist",
      replace: {
        selector: "main",
        html: markup(<WaitlistMain heading="You're off the waitlist">{waitlistLeft}</WaitlistMain>),
      },
    });
  });
