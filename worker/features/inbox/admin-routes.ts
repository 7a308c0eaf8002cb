import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { listQuerySchema, submissionUpdateSchema } from "../../../shared/admin";
import type { RequestJourney } from "../../../shared/request-lifecycle";
import { z } from "../../../shared/schemas/z";
import {
  type AnySubmissionKind,
  consultationKind,
  contactKind,
  csvColumns,
} from "../../../shared/submission-kinds";
import { ApiError } from "../../platform/api-error";
import { csvStream } from "../../platform/csv";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import { unreadAnswers, unreadThreadCount } from "../conversation/service";
import { expireReplacedCheckouts, stripeSettings } from "../quotes-and-deposits/stripe";
import {
  deliverLinkMail,
  type LinkState,
  linkStates,
  requestJourneysOf,
  requestVersionOf,
  revokeLinksOf,
  sendNewStatusLink,
} from "../request-status/service";
import { findSubmission } from "../requests/lookup";
import { submissionReferences } from "../requests/references";
import type { AdminEnv } from "../sign-in/middleware";
import { decodeCursor } from "./cursor";
import { ftsQuery, listSubmissions, submissionsPage, updateSubmission } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

/** A page cursor as the list handed it out; anything else is refused like any invalid field. */
const cursorField = z
  .string()
  .max(200)
  .optional()
  .transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (cursor === null) {
      ctx.addIssue({ code: "custom", message: "Invalid page cursor." });
      return z.NEVER;
    }
    return cursor;
  });

/**
 * Rows an export reads at a time: 50,000 rows take 50 queries, within D1's queries per
 * invocation on every plan.
 */
const exportPageSize = 1000;

/**
 * One inbox of the admin API, built from a kind's descriptor and mounted at
 * /api/admin/<collection>: the list with its counts, the CSV export, and changes to a row.
 */
function inboxRoutes<K extends AnySubmissionKind>(kind: K) {
  const listQuery = listQuerySchema(kind)
    .extend({ cursor: cursorField })
    .transform((query, ctx) => {
      const match = ftsQuery(query.q);
      // A search's cursor holds a rank and the plain list's a date: one handed to the other
      // would start the page at a meaningless place.
      if (query.cursor && (query.cursor.kind === "search") !== (match !== null)) {
        ctx.addIssue({ code: "custom", path: ["cursor"], message: "Invalid page cursor." });
        return z.NEVER;
      }
      return { ...query, match };
    });
  return new Hono<AdminEnv>()
    .get("/", validate("query", listQuery), async (c) => {
      const started = performance.now();
      const page = await listSubmissions(drizzle(c.env.DB), kind, c.req.valid("query"));
      // A request names a flash design by its id; the card shows the design itself.
      const references = await submissionReferences(c.env.DB, kind, page.items);
      // A consultation request's card says whether its private status page still opens.
      const links =
        kind.name === "consultation"
          ? await linkStates(
              c.env.DB,
              page.items.map((item) => item.id),
            )
          : new Map<string, LinkState>();
      // And how many of the client's answers the artist has not opened, and in how many requests.
      // Where each request's quote, deposit and session stand: the card's badge reads its
      // lifecycle state from them and the status, as the client's page does.
      const [unread, unreadThreads, journeys] =
        kind.name === "consultation"
          ? await Promise.all([
              unreadAnswers(
                c.env.DB,
                page.items.map((item) => item.id),
              ),
              unreadThreadCount(c.env.DB),
              requestJourneysOf(
                c.env.DB,
                page.items.map((item) => item.id),
              ),
            ])
          : [new Map<string, number>(), 0, new Map<string, RequestJourney>()];
      // The time spent reading the page, for the inbox benchmark and the browser's devtools
      // (the clock moves across the queries' I/O, which is what it measures).
      c.header("Server-Timing", `inbox;dur=${(performance.now() - started).toFixed(1)}`);
      return c.json({
        ...page,
        unreadThreads,
        items: page.items.map((item, i) => ({
          ...item,
          references: references[i] ?? {},
          statusLink: links.get(item.id) ?? null,
          unreadReplies: unread.get(item.id) ?? 0,
          journey: journeys.get(item.id) ?? null,
        })),
      });
    })
    .get("/export.csv", validate("query", listQuery), (c) => {
      const db = drizzle(c.env.DB);
      const options = c.req.valid("query");
      const body = csvStream(csvColumns(kind), async (cursor: typeof options.cursor) => {
        const page = await submissionsPage(db, kind, { ...options, cursor, limit: exportPageSize });
        return { rows: page.items, next: page.next ?? null };
      });
      const date = new Date().toISOString().slice(0, 10);
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${kind.collection}-${date}.csv"`,
      });
    })
    .patch("/:id", validate("param", idParam), validate("json", submissionUpdateSchema(kind)), async (c) => {
      const updated = await updateSubmission(
        drizzle(c.env.DB),
        kind,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.get("admin"),
      );
      if (!updated) throw new ApiError(404, `That ${kind.label} does not exist.`);
      // A consultation request closed: its payment pages close too, before the artist is answered,
      // so no deposit is taken for a quote that no longer stands.
      const settings = stripeSettings(c.env);
      if (kind.name === "consultation" && updated.status === "cancelled" && settings)
        await expireReplacedCheckouts(c.env, settings, updated.id);
      return c.json({ item: updated });
    });
}

/*
 * Exported per kind, not as the generic factory: the factory's own return type, written out
 * for K unresolved, is too long for a declaration file, and the browser bundles read the
 * worker's route types from its declarations (docs/decisions/005-admin-api-client.md).
 */
export const consultationInbox = inboxRoutes(consultationKind)
  /**
   * The request's stamp: it changes whenever either side changes anything about the request, so
   * the artist's open card can read it again when the client pays, books, signs or answers.
   */
  .get("/:id/version", validate("param", idParam), async (c) => {
    const version = await requestVersionOf(c.env.DB, c.req.valid("param").id);
    if (version === null) throw new ApiError(404, "That consultation request does not exist.");
    c.header("Cache-Control", "no-store");
    return c.json({ version });
  })
  /**
   * Revokes a request's private status page: its link answers 404 from now on, like any wrong
   * link. Recorded in the audit log; revoking again changes nothing.
   */
  .post("/:id/status-link/revoke", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findSubmission(c.env.DB, "consultation", id))) {
      throw new ApiError(404, "That consultation request does not exist.");
    }
    const revoked = await revokeLinksOf(c.env.DB, id, c.get("admin"), new Date().toISOString());
    const states = await linkStates(c.env.DB, [id]);
    return c.json({ statusLink: states.get(id) ?? null, revoked });
  })
  /**
   * Sends the client a new link to the request's status page: the links before it stop working,
   * and the e-mail goes out now (the cron retries it if it fails). Recorded in the audit log.
   */
  .post("/:id/status-link", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findSubmission(c.env.DB, "consultation", id))) {
      throw new ApiError(404, "That consultation request does not exist.");
    }
    const linkId = await sendNewStatusLink(c.env, id, c.get("admin"), new Date().toISOString());
    waitUntilOf(c)?.(deliverLinkMail(c.env, { only: linkId }));
    const states = await linkStates(c.env.DB, [id]);
    return c.json({ statusLink: states.get(id) ?? null });
  });
export const contactInbox = inboxRoutes(contactKind);
