import { Hono } from "hono";
import type { AdminEnv } from "../sign-in/middleware";
import { today } from "./service";

/** GET /api/admin/today: the artist's Today screen, what needs her now. */
export const adminToday = new Hono<AdminEnv>().get("/", async (c) =>
  c.json(await today(c.env.DB, new Date())),
);
