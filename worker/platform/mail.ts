import { EmailMessage } from "cloudflare:email";
import { type SubmissionKindName, submissionKind } from "../../shared/submission-kinds";
import type { MailSettings } from "./config";
import { toBase64 } from "./crypto";
import { log } from "./log";

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

/** Header values never carry line breaks (header injection). */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ");

const base64Utf8 = (text: string) => toBase64(new TextEncoder().encode(text));

/** RFC 2047 encoded word when the value is not plain ASCII. */
function encodeHeader(value: string): string {
  const safe = headerSafe(value);
  return /^[\x20-\x7e]*$/.test(safe) ? safe : `=?UTF-8?B?${base64Utf8(safe)}?=`;
}

/**
 * Quoted-printable (RFC 2045 6.7): ASCII text stays readable in the raw message (the local
 * .eml files an operator opens), other bytes become =XX, lines stay under 76 characters.
 */
export function quotedPrintable(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return lines
    .map((line) => {
      const bytes = new TextEncoder().encode(line);
      let out = "";
      let width = 0;
      bytes.forEach((byte, i) => {
        const last = i === bytes.length - 1;
        const literal =
          (byte >= 33 && byte <= 126 && byte !== 61) || (byte === 32 && !last) || (byte === 9 && !last);
        const piece = literal
          ? String.fromCharCode(byte)
          : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
        if (width + piece.length > 75) {
          out += "=\r\n";
          width = 0;
        }
        out += piece;
        width += piece.length;
      });
      return out;
    })
    .join("\r\n");
}

/**
 * An RFC 5322 message with a UTF-8 quoted-printable text body; with attachments, a
 * multipart/mixed message whose first part is that text and each file a base64 part.
 */
export function buildMime(
  notification: Notification,
  options: { from: string; to: string; messageId: string; date: Date },
): string {
  const headers = [
    `From: ${encodeHeader(notification.fromName ?? websiteSender)} <${headerSafe(options.from)}>`,
    `To: <${headerSafe(options.to)}>`,
    `Reply-To: <${headerSafe(notification.replyTo)}>`,
    `Subject: ${encodeHeader(notification.subject)}`,
    `Message-ID: <${options.messageId}>`,
    `Date: ${options.date.toUTCString()}`,
    "MIME-Version: 1.0",
  ];
  const textPart = [
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    quotedPrintable(notification.text),
  ];
  const files = notification.attachments ?? [];
  if (!files.length) return [...headers, ...textPart].join("\r\n");
  // The boundary is random, so no body text can contain it by chance or by design.
  const boundary = `gn-${crypto.randomUUID()}`;
  const parts = files.map((file) => {
    const name = headerSafe(file.filename).replace(/["\\]/g, "");
    return [
      `Content-Type: ${headerSafe(file.contentType)}; charset=UTF-8; name="${name}"`,
      "Content-Transfer-Encoding: base64",
      `Content-Disposition: attachment; filename="${name}"`,
      "",
      (base64Utf8(file.content).match(/.{1,76}/g) ?? []).join("\r\n"),
    ].join("\r\n");
  });
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    ...textPart,
    ...parts.flatMap((part) => [`--${boundary}`, part]),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** Cloudflare Email Routing through the MAILER send_email binding. */
function cloudflareProvider(binding: SendEmail, settings: MailSettings): MailProvider {
  return {
    name: "cloudflare",
    async send(notification) {
      const domain = settings.from.split("@")[1] ?? "localhost";
      const messageId = `${crypto.randomUUID()}@${domain}`;
      const to = notification.to ?? settings.to;
      const raw = buildMime(notification, {
        from: settings.from,
        to,
        messageId,
        date: new Date(),
      });
      const result = await binding.send(new EmailMessage(settings.from, to, raw));
      return { provider: "cloudflare", messageId: result?.messageId || messageId };
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
