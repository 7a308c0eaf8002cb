import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  type ContentSectionName,
  contentSectionSchemas,
  isContentSectionName,
  publishSchema,
} from "../../../shared/schemas/content";
import { fieldErrors } from "../../../shared/schemas/fields";
import { z } from "../../../shared/schemas/z";
import { studio } from "../../../shared/studio";
import {
  listVersions,
  publishDrafts,
  readDrafts,
  readVersion,
  restoreVersion,
} from "../../db/queries/content";
import { listContentAudit, saveDraft } from "../../db/queries/content-drafts";
import { ApiError } from "../../lib/api-error";
import type { AdminEnv } from "../../middleware/auth";
import { limitBody } from "../../middleware/body-limit";
import { validate } from "../../middleware/validate";
import { announcePublished } from "../../pages/version-pointer";

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

/** Each section as the artist names it, to say which one another tab saved. */
const sectionPhrases: Record<ContentSectionName, string> = {
  studio: "The studio's details were",
  hours: "Hours were",
  prices: "Prices were",
  policies: "Policies were",
  portfolio: "The portfolio was",
  flash: "Flash designs were",
  testimonials: "Testimonials were",
  faq: "The FAQ was",
  announcement: "The announcement was",
  booking: "Booking was",
};

const studioTime = new Intl.DateTimeFormat("en-US", {
  timeZone: studio.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

function staleSave(section: ContentSectionName, saved: { updatedAt: string; updatedBy: string }): never {
  const at = studioTime.format(new Date(saved.updatedAt));
  throw new ApiError(
    409,
    `${sectionPhrases[section]} saved by ${saved.updatedBy} at ${at} in another tab or device. Reload to see their version; your changes are still on screen.`,
  );
}

function refuse(
  result:
    | { reason: "conflict"; version: number }
    | { reason: "unchanged"; version: number }
    | { reason: "too_large"; bytes: number }
    | { reason: "invalid"; issues: Parameters<typeof fieldErrors>[0] }
    | { reason: "missing" },
): never {
  if (result.reason === "conflict") {
    throw new ApiError(
      409,
      `The live content is version ${result.version}, not the version you started from: someone published meanwhile. Reload to see it, then publish again.`,
    );
  }
  if (result.reason === "too_large") {
    throw new ApiError(
      413,
      `The content is ${Math.round(result.bytes / 1000)} KB, more than one version can hold (950 KB). Shorten or remove some pieces, then publish again.`,
    );
  }
  if (result.reason === "unchanged") {
    throw new ApiError(
      409,
      `Nothing to publish: the drafts are the same as the live version ${result.version}. Save a change first.`,
      { code: "nothing_to_publish" },
    );
  }
  if (result.reason === "missing") throw new ApiError(404, "That version does not exist.");
  throw new ApiError(400, "Some content needs attention before it can be published.", {
    code: "validation",
    fields: fieldErrors(result.issues),
  });
}

/**
 * /api/admin/content: the studio's content as the editor sees it (drafts), saved one section
 * at a time, and published as numbered versions that the public pages read. Restoring an old
 * version publishes it again as a new one, so the history only ever grows.
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
    await announcePublished(c.req.url, result.version);
    return c.json({ version: result.version, publishedAt: result.publishedAt }, 201);
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
      await announcePublished(c.req.url, result.version);
      return c.json({ version: result.version, publishedAt: result.publishedAt, restoredFrom: from }, 201);
    },
  );
