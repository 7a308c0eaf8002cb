import { type SubmissionKindName, submissionKind } from "../../shared/submission-kinds";
import type { MailSettings } from "./config";
import { toBase64 } from "./crypto";
import { log } from "./log";

/** The studio as an e-mail to a client names it: the live version's, never a constant. */
interface MailStudio {
  name: string;
  phone: { display: string };
  email: string;
}

/** How every e-mail to a client ends: the studio's name, then how to reach it. */
export const clientSignature = (studio: MailStudio) => [
  studio.name,
  `${studio.phone.display} · ${studio.email}`,
];

/**
 * Notifications to the artist, sent from the outbox after the submission is saved. The
 * provider is chosen by MAIL_PROVIDER; each one either resolves with the provider's message id
 * or throws, and the outbox decides what a failure means.
 */

export interface Notification {
  subject: string;
  text: string;
  replyTo: string;
  /** The recipient when it is not the artist (a client's confirmation); MAIL_TO otherwise. */
  to?: string;
  /** The sender's display name; the artist's own notifications come from "the website". */
  fromName?: string;
  /** Files sent with the message (a booked session's calendar file): text, sent as UTF-8. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The MIME type without its charset, e.g. "text/calendar; method=PUBLISH". */
  contentType: string;
  content: string;
}

const websiteSender = "Gilded Needle website";

interface MailResult {
  provider: string;
  messageId: string | null;
}

export interface MailProvider {
  name: string;
  send(notification: Notification): Promise<MailResult>;
}

/** A saved submission, for the notification about it. */
export interface NotificationSubject {
  kind: SubmissionKindName;
  row: { id: string; name: string; email: string; createdAt: string } & Record<string, unknown>;
}

/** A field as the e-mail shows it: "-" for blank, yes/no for a tick box. */
function shown(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = value == null ? "" : String(value);
  return text.trim() ? text : "-";
}

/**
 * The message the artist reads, from the kind's descriptor: every field the visitor gave (the
 * long ones as blocks at the end), and where to answer it. A design named by its id is shown
 * by its title, as the caller resolved it.
 */
export function renderNotification(
  { kind: name, row }: NotificationSubject,
  siteUrl: string,
  /** How to show a column that names something on the site (a flash design's title), by column. */
  references: Readonly<Record<string, string>> = {},
): Notification {
  const kind = submissionKind(name);
  const inbox = new URL("/admin/consultations", siteUrl).toString();
  const short = kind.fields.filter((field) => !field.long);
  const long = kind.fields.filter((field) => field.long);
  return {
    subject: kind.notification.subject(row.name),
    replyTo: row.email,
    text: [
      kind.notification.intro,
      "",
      `Name: ${shown(row.name)}`,
      `Email: ${shown(row.email)}`,
      ...short.map((field) => `${field.label}: ${references[field.column] ?? shown(row[field.column])}`),
      ...long.flatMap((field) => ["", `${field.label}:`, String(row[field.column] ?? "")]),
      "",
      `Received: ${shown(row.createdAt)}`,
      `Reference: ${shown(row.id)}`,
      `Open the inbox: ${inbox}`,
      "Reply to this e-mail to answer the client directly.",
    ].join("\n"),
  };
}

/** Header values never carry line breaks (header injection), whoever builds the message. */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ");

const base64Utf8 = (text: string) => toBase64(new TextEncoder().encode(text));

/**
 * The message as Cloudflare's send_email binding takes it: fields, not MIME. The platform writes
 * the MIME (encoded headers, the text as UTF-8, each file a part of its own); the names and the
 * subject are kept to one line here all the same.
 */
export function structuredMessage(
  notification: Notification,
  envelope: { from: string; to: string },
): EmailMessageBuilder {
  return {
    from: { name: headerSafe(notification.fromName ?? websiteSender), email: envelope.from },
    to: envelope.to,
    replyTo: notification.replyTo,
    subject: headerSafe(notification.subject),
    text: notification.text,
    ...(notification.attachments?.length
      ? {
          attachments: notification.attachments.map((file) => ({
            disposition: "attachment" as const,
            filename: headerSafe(file.filename).replace(/["\\/]/g, ""),
            type: `${headerSafe(file.contentType)}; charset=UTF-8`,
            content: file.content,
          })),
        }
      : {}),
  };
}

/** Cloudflare Email Routing through a send_email binding (MAILER or VISITOR_MAILER). */
function cloudflareProvider(binding: SendEmail, settings: MailSettings): MailProvider {
  return {
    name: "cloudflare",
    async send(notification) {
      const to = notification.to ?? settings.to;
      const result = await binding.send(structuredMessage(notification, { from: settings.from, to }));
      return { provider: "cloudflare", messageId: result?.messageId || null };
    },
  };
}

/**
 * An HTTP e-mail API with Resend's request shape (POST JSON with a bearer key). The outbox id is
 * sent as the provider's idempotency key, so a retry after a lost answer is not a second e-mail.
 */
export function httpProvider(settings: MailSettings, idempotencyKey: string): MailProvider {
  return {
    name: "http",
    async send(notification) {
      if (!settings.apiKey) throw new Error("MAIL_API_KEY is not set");
      const response = await fetch(settings.apiUrl, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${settings.apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": idempotencyKey,
        },
        body: JSON.stringify({
          from: `${notification.fromName ?? websiteSender} <${settings.from}>`,
          to: [notification.to ?? settings.to],
          reply_to: notification.replyTo,
          subject: notification.subject,
          text: notification.text,
          ...(notification.attachments?.length
            ? {
                attachments: notification.attachments.map((file) => ({
                  filename: file.filename,
                  content: base64Utf8(file.content),
                  content_type: file.contentType,
                })),
              }
            : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        // Only the status: a provider's error body can echo the visitor's reply-to address,
        // and this text is logged and stored as the notification's last error.
        await response.body?.cancel();
        throw new Error(`mail API answered ${response.status}`);
      }
      const data = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { provider: "http", messageId: typeof data.id === "string" ? data.id : null };
    },
  };
}

/**
 * Local debugging only: the whole message goes to the worker log (wrangler dev's terminal).
 * Refused in production, where logs must not hold personal data.
 */
function logProvider(settings: MailSettings): MailProvider {
  return {
    name: "log",
    async send(notification) {
      if (settings.production) throw new Error('MAIL_PROVIDER "log" is not allowed in production');
      const messageId = crypto.randomUUID();
      log("info", "notification written to the log (MAIL_PROVIDER=log)", {
        messageId,
        to: notification.to ?? settings.to,
        subject: notification.subject,
        text: notification.text,
        attachments: notification.attachments?.map((file) => file.filename),
      });
      return { provider: "log", messageId };
    },
  };
}

/**
 * The configured provider. `audience` "visitor" (the waitlist's e-mail) sends through the
 * binding that may write to any address; the artist's notifications keep the one bound to hers.
 */
export function mailProviderFor(
  env: Env,
  settings: MailSettings,
  idempotencyKey: string,
  audience: "artist" | "visitor" = "artist",
): MailProvider {
  if (settings.provider === "http") return httpProvider(settings, idempotencyKey);
  if (settings.provider === "log") return logProvider(settings);
  return cloudflareProvider(audience === "visitor" ? env.VISITOR_MAILER : env.MAILER, settings);
}
