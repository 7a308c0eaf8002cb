import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { hmacSha256Hex, randomToken, sameText } from "../../platform/crypto";
import { log } from "../../platform/log";

/**
 * The fill-time proof of a form posted without JavaScript. The pages are static, so nothing in
 * them can say when a visitor opened one; instead the form holds, inside <noscript>, a tiny image
 * from the worker whose answer sets this cookie: the time it was issued and a random id, signed
 * with the server's secret. The post's fill time is then measured by the server, from its own
 * clock, and cannot be claimed by the sender (as a script's fillMs can). The random id doubles as
 * the post's idempotency key, so a double click saves one request.
 */
export const FORM_TICKET_COOKIE = "gn_form_ticket";
/** A ticket older than a day is not accepted: the form is loaded again, or the post answered as too quick. */
const formTicketMaxAgeMs = 24 * 3600_000;

export interface FormTicket {
  issuedAt: number;
  id: string;
}

const mac = (secret: string, ticket: FormTicket) =>
  hmacSha256Hex(secret, `form-ticket:${ticket.issuedAt}:${ticket.id}`);

/** A fresh ticket, or null without a secret to sign it (then every post counts as too quick). */
export async function issueFormTicket(secret: string | undefined, now: number): Promise<string | null> {
  if (!secret) return null;
  const ticket = { issuedAt: now, id: randomToken({ bytes: 16, encoding: "hex" }) };
  return `${ticket.issuedAt}.${ticket.id}.${await mac(secret, ticket)}`;
}

/** The ticket a cookie holds, or null for anything this server did not sign or that is too old. */
export async function readFormTicket(
  secret: string | undefined,
  value: string | undefined,
  now: number,
): Promise<FormTicket | null> {
  if (!secret) return null;
  const [issued, id, signature, ...rest] = (value ?? "").split(".");
  if (
    rest.length ||
    !issued ||
    !/^\d{1,15}$/.test(issued) ||
    !id ||
    !/^[0-9a-f]{32}$/.test(id) ||
    !signature
  ) {
    return null;
  }
  const ticket = { issuedAt: Number(issued), id };
  if (!sameText(await mac(secret, ticket), signature)) return null;
  const age = now - ticket.issuedAt;
  return age >= 0 && age <= formTicketMaxAgeMs ? ticket : null;
}

/** Sets the signed form ticket (the fill time of a form posted without JavaScript). */
export function ticketCookie(c: Context, value: string | null) {
  if (!value) {
    log("error", "JWT_SECRET is missing: forms posted without JavaScript cannot prove their fill time");
    return;
  }
  setCookie(c, FORM_TICKET_COOKIE, value, {
    path: "/forms",
    httpOnly: true,
    sameSite: "Strict",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: 24 * 3600,
  });
}
