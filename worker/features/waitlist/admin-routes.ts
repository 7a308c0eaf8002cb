import { Hono } from "hono";
import type { AdminEnv } from "../sign-in/middleware";
import { waitlistOverview } from "./service";

/** /api/admin/waitlist: who waits for the books to reopen (the Studio's booking tab counts them). */
export const adminWaitlist = new Hono<AdminEnv>().get("/", async (c) =>
  c.json(await waitlistOverview(c.env.DB)),
);
