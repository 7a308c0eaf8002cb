import { drizzle } from "drizzle-orm/d1";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { announcementAt } from "../../../shared/announcement";
import { type StudioContent, studioContentSchema } from "../../../shared/schemas/content";
import type { z } from "../../../shared/schemas/z";
import { paymentSetupOf } from "../../platform/config";
import { hmacSha256Hex, sameText } from "../../platform/crypto";
import { zonedDate } from "../../platform/studio-clock";
import { readDrafts } from "../content/service";
import { requireAdmin } from "../sign-in/middleware";
import { previewResponse } from "./preview-page";
import { isHtmlPage, renderSitePage } from "./renderer";

/**
 * Preview mode: while the artist previews her drafts, every page of the site she opens in that
 * browser is drawn from the drafts, at its own address, so a link inside a preview leads to the
 * preview of the next page and the page's scripts see the path a visitor's would.
 *
 * It takes two things together: her signed-in session (the admin cookie, checked against its
 * live server-side row, as every admin call is) and this cookie, which the Studio's preview
 * link sets. The cookie is short-lived, HttpOnly, same-site only and signed with the server's
 * secret over the session's id and its own expiry, so it means nothing without that session
 * (a visitor who copies it, or sets one, gets the public page) and ends with it. A preview is
 * never stored by a browser or a cache (previewResponse), and a public page never varies by
 * it: without both, the page pipeline runs exactly as for any visitor.
 */
const PREVIEW_COOKIE = "__Host-gn_preview";
/** As long as the admin session's idle limit: a preview left open does not outlive it. */
const PREVIEW_MS = 30 * 60 * 1000;

const signature = (secret: string, sessionId: string, expiresAt: number) =>
  hmacSha256Hex(secret, `studio-preview:${sessionId}:${expiresAt}`);

/** Starts preview mode for this session (the caller has checked the session). */
export async function startPreview(c: Context, sessionId: string): Promise<void> {
  const secret = (c.env as Env).JWT_SECRET;
  // Unreachable in practice: without the secret no session can have been checked.
  if (!secret) throw new Error("preview mode needs the signing secret");
  const expiresAt = Date.now() + PREVIEW_MS;
  setCookie(c, PREVIEW_COOKIE, `${expiresAt}.${await signature(secret, sessionId, expiresAt)}`, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    maxAge: PREVIEW_MS / 1000,
  });
}

export function endPreview(c: Context): void {
  deleteCookie(c, PREVIEW_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Strict" });
}

/** Whether the cookie is this session's and still current. */
async function validCookie(value: string, secret: string, sessionId: string): Promise<boolean> {
  const [expires = "", mac = ""] = value.split(".");
  const expiresAt = Number(expires);
  if (!/^\d{13}$/.test(expires) || expiresAt <= Date.now()) return false;
  return sameText(mac, await signature(secret, sessionId, expiresAt));
}

/** The signed-in artist's session id, or null: requireAdmin's whole check, without its 401. */
async function adminSession(c: Context): Promise<string | null> {
  let sessionId: string | null = null;
  try {
    await requireAdmin(c as never, async () => {
      sessionId = (c as Context<{ Variables: { sessionId: string } }>).get("sessionId");
    });
  } catch {
    return null;
  }
  return sessionId;
}

/**
 * The drafts as one content, the announcement as visitors would see it today (shown only
 * between its dates), or the schema's issues when a draft cannot be shown.
 */
export async function draftContent(
  db: D1Database,
): Promise<{ ok: true; content: StudioContent } | { ok: false; issues: z.ZodError["issues"] }> {
  const { sections } = await readDrafts(drizzle(db));
  const drafts = Object.fromEntries(Object.entries(sections).map(([name, section]) => [name, section.data]));
  const parsed = studioContentSchema.safeParse(drafts);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const today = zonedDate(new Date(), parsed.data.studio.timeZone);
  return { ok: true, content: { ...parsed.data, announcement: announcementAt(parsed.data, today) } };
}

/**
 * The preview of the page at `path` when this browser is in preview mode, else null (the page
 * is served as to anyone). Costs nothing without the cookie; with it, the session check and
 * the drafts' row reads.
 */
export async function previewPage(c: Context, path: string, siteUrl: string): Promise<Response | null> {
  const cookie = getCookie(c, PREVIEW_COOKIE);
  if (!cookie || !isHtmlPage(path)) return null;
  const secret = (c.env as Env).JWT_SECRET;
  const sessionId = secret ? await adminSession(c) : null;
  if (!secret || !sessionId || !(await validCookie(cookie, secret, sessionId))) return null;
  const drafts = await draftContent((c.env as Env).DB);
  // A draft that fails its schema cannot be drawn: the Studio names it when she previews again.
  if (!drafts.ok) return null;
  const env = c.env as Env;
  const page = await renderSitePage(env.ASSETS, path, siteUrl, drafts.content, "inline", paymentSetupOf(env));
  return previewResponse(page, { turnstile: Boolean(env.TURNSTILE_SITE_KEY), path });
}
