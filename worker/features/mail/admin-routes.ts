import { Hono } from "hono";
import { undeliveredMail } from "../../platform/mail-queue";
import type { AdminEnv } from "../sign-in/middleware";

/** /api/admin/mail: the e-mails of every kind that failed or wait to be retried. */
export const adminMail = new Hono<AdminEnv>().get("/undelivered", async (c) =>
  c.json({ items: await undeliveredMail(c.env.DB) }),
);
