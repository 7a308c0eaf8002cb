import { Hono } from "hono";
import { log } from "../../platform/log";
import { type AdminEnv, clearSessionCookie } from "./middleware";
import { signOut } from "./sessions";

/** GET /api/admin/session and POST /api/admin/logout, both behind requireAdmin. */
export const adminSession = new Hono<AdminEnv>()
  .get("/session", (c) => c.json({ user: c.get("admin"), expiresAt: c.get("sessionExpiresAt") }))
  .post("/logout", async (c) => {
    await signOut(c.env.DB, c.get("sessionId"), new Date());
    clearSessionCookie(c);
    log("info", "admin signed out", { requestId: c.get("requestId"), adminId: c.get("admin").id });
    return c.json({ success: true as const });
  });
