import { drizzle } from "drizzle-orm/d1";
import { mailSettings } from "../../platform/config";
import type { SecurityEvent } from "../../platform/db/schema";
import { log } from "../../platform/log";
import { afterFailedSend } from "../mail/outbox";
import { type MailProvider, mailProviderFor, type Notification } from "../mail/service";
import { claimSecurityMail, dueSecurityMail, settleSecurityMail } from "./security-event-queries";

const leaseMs = 2 * 60_000;

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

/**
 * Sends the e-mails of due security events, with the outbox's backoff and attempt limit. Never
 * throws: each outcome is written to the event's row.
 */
export async function deliverSecurityMail(
  env: Env,
  options: { now?: Date; provider?: MailProvider; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const settings = mailSettings(env);
  const db = drizzle(env.DB);
  const tally = { sent: 0, failed: 0 };
  for (const { id } of await dueSecurityMail(db, now.toISOString(), options.limit ?? 20)) {
    const claimed = await claimSecurityMail(
      db,
      id,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
    );
    if (!claimed) continue;
    const provider = options.provider ?? mailProviderFor(env, settings, `security-${id}`);
    try {
      await provider.send(renderSecurityMail(claimed, settings));
      await settleSecurityMail(db, id, { status: "sent" });
      tally.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await settleSecurityMail(db, id, afterFailedSend(message, claimed.mailAttempts, settings, now));
      tally.failed++;
      log("warn", "security e-mail not sent", {
        eventId: id,
        attempts: claimed.mailAttempts,
        error: message,
      });
    }
  }
  return tally;
}
