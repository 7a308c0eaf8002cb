import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { listAudit } from "../../db/queries/admin-inbox";
import type { AdminEnv } from "../../middleware/auth";
import { validate } from "../../middleware/validate";

const auditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/admin/audit: the admins' changes, newest first, paged by id. */
export const adminAudit = new Hono<AdminEnv>().get("/", validate("query", auditQuery), async (c) =>
  c.json(await listAudit(drizzle(c.env.DB), c.req.valid("query"))),
);
