import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { availabilityFor, slotsByDay } from "../../worker/features/booking";
import { newToken } from "../../worker/features/request-status/service";
import { sha256Hex } from "../../worker/platform/crypto";
import { bookings, deposits, quotes, requestStatusLinks } from "../../worker/platform/db/schema";
import { ORIGIN } from "./admin-support";
import { addConsultation } from "./inbox-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, recordingMailer, send } from "./submission-support";

const db = () => drizzle(env.DB);

/** A live status link for a request written straight to the database. */
export async function linkFor(submissionId: string) {
  const token = newToken();
  await db()
    .insert(requestStatusLinks)
    .values({
      id: crypto.randomUUID(),
      submissionId,
      tokenHash: await sha256Hex(token),
      createdAt: new Date().toISOString(),
    });
  return token;
}

/** A quote the client accepted, and (unless told otherwise) its deposit, paid. */
export async function acceptedQuote(
  submissionId: string,
  options: { sessionMinutes?: number; sessions?: number; deposit?: "paid" | "pending" | null } = {},
) {
  const quoteId = crypto.randomUUID();
  await db()
    .insert(quotes)
    .values({
      id: quoteId,
      submissionId,
      priceMinCents: 40_000,
      priceMaxCents: 60_000,
      sessions: options.sessions ?? 1,
      sessionMinutes: options.sessionMinutes ?? 180,
      depositCents: 10_000,
      status: "accepted",
      acceptedAt: new Date().toISOString(),
    });
  const depositId = crypto.randomUUID();
  if (options.deposit !== null) {
    await db()
      .insert(deposits)
      .values({
        id: depositId,
        submissionId,
        quoteId,
        amountCents: 10_000,
        method: "by-hand",
        status: options.deposit ?? "paid",
        paidAt: options.deposit === "pending" ? null : new Date().toISOString(),
      });
  }
  return { quoteId, depositId };
}

/** A consultation request with a link, an accepted quote and a paid deposit: ready to book. */
export async function readyToBook(
  options: { sessionMinutes?: number; sessions?: number; name?: string } = {},
) {
  const request = await addConsultation({
    status: "contacted",
    name: options.name ?? "Dana Whitfield",
    // Each client its own address, so the e-mails sent to one are told apart.
    email: `${crypto.randomUUID()}@example.test`,
  });
  const token = await linkFor(request.id);
  const { quoteId, depositId } = await acceptedQuote(request.id, options);
  return { id: request.id, email: request.email, token, quoteId, depositId };
}

/** The slots the calendar offers right now for a session of this length, soonest first. */
export async function offeredSlots(sessionMinutes = 180, now = new Date()) {
  const availability = await availabilityFor(env.DB, { now, sessionMinutes });
  const from = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return slotsByDay(availability, from, 70).flatMap((day) => day.slots);
}

/** Writes a booked session straight to the database. */
export async function addBooking(
  submissionId: string,
  quoteId: string,
  startsAt: Date,
  values: Partial<typeof bookings.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  await db()
    .insert(bookings)
    .values({
      id,
      submissionId,
      quoteId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
      ...values,
    });
  return id;
}

const mailers = () => ({ MAILER: recordingMailer().binding, VISITOR_MAILER: recordingMailer().binding });

export const openPage = (pathOrToken: string, init: RequestInit = {}, overrides: Partial<Env> = {}) =>
  send(
    pathOrToken.startsWith("/") ? pathOrToken : `/requests/${pathOrToken}`,
    { ...init, headers: { "CF-Connecting-IP": freshIp(), ...(init.headers ?? {}) } },
    { ASSETS: prerenderedAssets, ...overrides },
  );

/**
 * A form post from the status page itself (same origin, urlencoded, from an address of its own),
 * with the recording mailers unless the caller gives bindings of its own.
 */
export const postForm = (
  path: string,
  fields: Record<string, string>,
  origin = ORIGIN,
  overrides: Partial<Env> = mailers(),
) =>
  send(
    path,
    {
      method: "POST",
      headers: {
        Origin: origin,
        "CF-Connecting-IP": freshIp(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets, ...overrides },
  );

export async function bookingRows(submissionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, starts_at, ends_at, status, cancelled_at, completed_at FROM bookings WHERE submission_id = ? ORDER BY created_at",
  )
    .bind(submissionId)
    .all<{ id: string; starts_at: string; ends_at: string; status: string; cancelled_at: string | null }>();
  return results;
}

export async function inboxStatus(submissionId: string) {
  const row = await env.DB.prepare("SELECT status FROM consultation_requests WHERE id = ?")
    .bind(submissionId)
    .first<{ status: string }>();
  return row?.status;
}

export async function depositStatus(depositId: string) {
  const row = await env.DB.prepare("SELECT status FROM deposits WHERE id = ?")
    .bind(depositId)
    .first<{ status: string }>();
  return row?.status;
}

export async function mailKinds(submissionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT topic AS kind, status FROM mail_queue WHERE kind = 'booking' AND request_id = ? ORDER BY topic",
  )
    .bind(submissionId)
    .all<{ kind: string; status: string }>();
  return results;
}
