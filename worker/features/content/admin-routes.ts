import { drizzle } from "drizzle-orm/d1";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { announcementAt } from "../../../shared/announcement";
import {
  type ContentSectionName,
  contentSectionSchemas,
  isContentSectionName,
  publishSchema,
  studioContentSchema,
} from "../../../shared/schemas/content";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { paymentSetupOf } from "../../platform/config";
import { log } from "../../platform/log";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { zonedDate } from "../../platform/studio-clock";
import type { AdminEnv } from "../sign-in/middleware";
import { pageSiteUrl, previewResponse } from "../site-pages";
import { isHtmlPage, renderSitePage } from "../site-pages/renderer";
import { announcePublished } from "../site-pages/version-pointer";
import { deliverWaitlistMail } from "../waitlist/service";
import { refuse, staleSave, unpreviewable } from "./content-messages";
import {
  listContentAudit,
  listVersions,
  publishDrafts,
  readDrafts,
  readVersion,
  restoreVersion,
  saveDraft,
} from "./service";

/**
 * The largest body is a whole list saved at once: a portfolio of a few hundred pieces. The
 * admin API's usual 16 KiB fits a note, not a portfolio (about 21 KB for today's 46 pieces).
 */
const contentBodyLimit = 512 * 1024;

const versionParam = z.object({ version: z.coerce.number().int().positive() });
const pageQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const previewQuery = z.object({
  path: z.string().min(1, "Name the page to preview, e.g. /gallery").max(200),
});

type SectionBody = { section: ContentSectionName; data: unknown; revision: number };

/** The draft's revision the editor started from; 0 for a section never saved. */
const revision = z.number().int().min(0);

/**
 * Validates `{ data, revision }` with the schema of the section the path names (an unknown section is a
 * 404, like any unknown resource), through the one validation hook, so a bad value gets the
 * same 400 and field messages as every other form.
 */
const sectionBody = createMiddleware<
  AdminEnv,
  "/sections/:section",
  { in: { json: { data: unknown; revision: number } }; out: { json: SectionBody } }
>(async (c, next) => {
  const section = c.req.param("section");
  if (!isContentSectionName(section)) throw new ApiError(404, "There is no such content section.");
  const schema = z
    .object({ data: contentSectionSchemas[section] as z.ZodType, revision })
    .transform((body) => ({ section, data: body.data, revision: body.revision }));
  // The hook is typed for a fixed route; this one picks its schema by the path.
  return validate("json", schema)(c as never, next);
});

/**
 * A version that reopens the books queued the waitlist's e-mails in its own batch: they go
 * out after the answer (the cron retries whatever this pass could not send).
 */
function tellTheWaitlist(c: Context<AdminEnv>) {
  let ctx: Context<AdminEnv>["executionCtx"];
  try {
    ctx = c.executionCtx;
  } catch {
    return; // No execution context (a direct app.request in a script): the cron sends them.
  }
  ctx.waitUntil(
    deliverWaitlistMail(c.env).catch((error: unknown) =>
      log("error", "waitlist delivery failed", {
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  );
}

/**
 * /api/admin/content: the studio's content as the editor sees it (drafts), saved one section
 * at a time, and published as numbered versions that the public pages read. Restoring an old
 * version publishes it again as a new one, so the history only ever grows. A save names the
 * draft's revision it started from (a stale one is refused), and /preview renders any public
 * page from the drafts. See docs/decisions/011-content-in-d1.md.
 */
export const adminContent = new Hono<AdminEnv>()
  .use(limitBody(contentBodyLimit))
  .get("/", async (c) => c.json(await readDrafts(drizzle(c.env.DB))))
  .put("/sections/:section", sectionBody, async (c) => {
    const { section, data, revision } = c.req.valid("json");
    const saved = await saveDraft(drizzle(c.env.DB), section, data, revision, c.get("admin"));
    if (!saved.ok) staleSave(section, saved);
    return c.json({
      section,
      data,
      revision: saved.revision,
      updatedAt: saved.updatedAt,
      updatedBy: saved.updatedBy,
    });
  })
  .post("/publish", validate("json", publishSchema), async (c) => {
    const { baseVersion, note } = c.req.valid("json");
    const result = await publishDrafts(drizzle(c.env.DB), baseVersion, c.get("admin"), note);
    if (!result.ok) refuse(result);
    await announcePublished(c.req.url, c.env.DB);
    tellTheWaitlist(c);
    return c.json({ version: result.version, publishedAt: result.publishedAt }, 201);
  })
  .get("/preview", validate("query", previewQuery), async (c) => {
    const { path } = c.req.valid("query");
    if (!isHtmlPage(path)) throw new ApiError(404, `The site has no page at ${path}.`);
    const { sections } = await readDrafts(drizzle(c.env.DB));
    const drafts = Object.fromEntries(
      Object.entries(sections).map(([name, section]) => [name, section.data]),
    );
    const parsed = studioContentSchema.safeParse(drafts);
    if (!parsed.success) unpreviewable(parsed.error.issues);
    // The announcement as visitors would see it today: shown only between its dates.
    const content = {
      ...parsed.data,
      announcement: announcementAt(parsed.data, zonedDate(new Date(), parsed.data.studio.timeZone)),
    };
    const page = await renderSitePage(
      c.env.ASSETS,
      path,
      pageSiteUrl(c.env),
      content,
      "inline",
      paymentSetupOf(c.env),
    );
    return previewResponse(page, { turnstile: Boolean(c.env.TURNSTILE_SITE_KEY) });
  })
  .get("/audit", validate("query", pageQuery), async (c) =>
    c.json(await listContentAudit(drizzle(c.env.DB), c.req.valid("query"))),
  )
  .get("/versions", validate("query", pageQuery), async (c) =>
    c.json(await listVersions(drizzle(c.env.DB), c.req.valid("query"))),
  )
  .get("/versions/:version", validate("param", versionParam), async (c) => {
    const found = await readVersion(drizzle(c.env.DB), c.req.valid("param").version);
    if (!found) throw new ApiError(404, "That version does not exist.");
    return c.json(found);
  })
  .post(
    "/versions/:version/restore",
    validate("param", versionParam),
    validate("json", publishSchema),
    async (c) => {
      const { baseVersion, note } = c.req.valid("json");
      const from = c.req.valid("param").version;
      const result = await restoreVersion(drizzle(c.env.DB), from, baseVersion, c.get("admin"), note);
      if (!result.ok) refuse(result);
      await announcePublished(c.req.url, c.env.DB);
      tellTheWaitlist(c);
      return c.json({ version: result.version, publishedAt: result.publishedAt, restoredFrom: from }, 201);
    },
  );
