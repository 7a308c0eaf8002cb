import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { auditPage } from "./audit";

const auditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/admin/audit: the admins' changes, newest first, paged by id, each naming whose submission it was. */
export const adminAudit = new Hono<AdminEnv>().get("/", validate("query", auditQuery), async (c) =>
  c.json(await auditPage(c.env.DB, c.req.valid("query"))),
);
