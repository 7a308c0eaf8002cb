import { drizzle } from "drizzle-orm/d1";
import type { SecurityEvent } from "../../platform/db/schema";
import type { Notification } from "../../platform/mail";
import { delivererOf, deliverOne, dropMail, type MailOutcome, mailKind } from "../../platform/mail-queue";
import { securityEventById } from "./security-event-queries";

/** The e-mail the artist reads about an event on her account. */
function renderSecurityMail(event: SecurityEvent, settings: { siteUrl: string; to: string }): Notification {
  const subject =
    event.event === "lockout"
      ? "Sign-in locked after repeated wrong passwords"
      : "A new passkey was added to your account";
  const text = [
    subject,
    "",
    `What: ${event.detail}`,
    `When: ${event.createdAt}`,
    "",
    event.event === "lockout"
      ? "Someone typed wrong passwords for your e-mail address. Devices you signed in on before, and your passkeys, still work. If it was not you, nothing else is needed; the lock lifts by itself after 15 minutes."
      : "If you did not add it, sign in, remove it under Passkeys and change your password.",
    "",
    `Admin: ${new URL("/admin", settings.siteUrl).toString()}`,
  ].join("\n");
  return { subject, text, replyTo: settings.to };
}

/** The artist's e-mail about a security event (the event's id its subject), read at send time. */
const securityMail = mailKind<SecurityEvent>({
  name: "security",
  audience: "artist",
  async load(env, mail) {
    const event = await securityEventById(drizzle(env.DB), Number(mail.subjectId));
    return event ?? dropMail("failed", "the security event no longer exists");
  },
  render: (_env, event, _mail, settings) => renderSecurityMail(event, settings),
});

/** Sends one security e-mail right after the request that queued it. Never throws. */
export function deliverSecurityMailNow(env: Env, mailId: string): Promise<MailOutcome | "skipped"> {
  return deliverOne(env, securityMail, mailId);
}

/** The cron's pass: every due security e-mail, oldest first. Never throws. */
export const deliverSecurityMail = delivererOf(securityMail);
