import { expect } from "vitest";
import type { MailProvider, Notification } from "../../worker/platform/mail";
import { post, validConsultation } from "./submission-support";

/** The token at the end of a request's status link. */
export const tokenPattern = /\/requests\/([A-Za-z0-9_-]{43})$/;

/**
 * A new request, sent through the public API as the form sends it, with its status link: the
 * first stage of every request. Later stages are built on it (quoted, deposit paid: see
 * quote-deposit.test.ts; ready to book: booking-support.ts).
 */
export async function sentRequest(overrides: Record<string, unknown> = {}) {
  const response = await post("/api/consultations", { ...validConsultation(), ...overrides });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; statusUrl?: string };
  const token = tokenPattern.exec(body.statusUrl ?? "")?.[1];
  if (!token) throw new Error(`no status link in ${JSON.stringify(body)}`);
  return { id: body.id, token, statusUrl: body.statusUrl ?? "" };
}

/** A mail provider that keeps what it is given, so a test can read the mails sent. */
export function recorder(): MailProvider & { sent: Notification[] } {
  const sent: Notification[] = [];
  return {
    name: "recorder",
    sent,
    async send(notification) {
      sent.push(notification);
      return { provider: "recorder", messageId: `m-${sent.length}` };
    },
  };
}
