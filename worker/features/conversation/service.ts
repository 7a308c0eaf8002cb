import { drizzle } from "drizzle-orm/d1";
import { studio } from "../../../shared/studio";
import { mailSettings } from "../../platform/config";
import type { MessageAuthor } from "../../platform/db/schema";
import { log } from "../../platform/log";
import { studioTime } from "../../platform/studio-clock";
import { afterFailedSend } from "../mail/outbox";
import { type MailProvider, mailProviderFor, type Notification } from "../mail/service";
import { messageImagesOf } from "../reference-images/queries";
import { openToken, statusUrl } from "../request-status/service";
import {
  claimMessageMail,
  dueMessageMail,
  insertMessage,
  insertTemplates,
  listTemplates,
  settleMessageMail,
  threadOf,
} from "./queries";

/**
 * The conversation on a consultation request (docs/decisions/019-request-conversation.md): the
 * artist writes from the request's card, the client from its private status page. Each message
 * is saved first, then the other side is e-mailed an excerpt and the link, never the thread.
 */

/** The longest excerpt an e-mail quotes. */
const excerptLength = 200;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length <= excerptLength ? flat : `${flat.slice(0, excerptLength - 1).trimEnd()}…`;
}

/** Saves a message; the caller hands `deliverMessageMail({ only: id })` to waitUntil. */
export async function postMessage(
  env: Pick<Env, "DB">,
  input: {
    submissionId: string;
    author: MessageAuthor;
    body: string;
    now: Date;
    actor?: { id: string; email: string };
    /** An image the client sent with it, just stored (see storeReferenceImage). */
    imageId?: string;
  },
): Promise<{ id: string; createdAt: string }> {
  const id = crypto.randomUUID();
  const createdAt = input.now.toISOString();
  await insertMessage(
    env.DB,
    {
      id,
      submissionId: input.submissionId,
      author: input.author,
      body: input.body,
      createdAt,
      nextAttemptAt: createdAt,
    },
    input.author === "artist" ? (input.actor ?? null) : null,
    input.imageId ?? null,
  );
  return { id, createdAt };
}

/** A request's whole conversation, oldest first, each message with its images. */
export async function conversationOf(env: Pick<Env, "DB">, submissionId: string) {
  const [messages, images] = await Promise.all([
    threadOf(env.DB, submissionId),
    messageImagesOf(drizzle(env.DB), submissionId),
  ]);
  return messages.map((message) => ({ ...message, images: images.get(message.id) ?? [] }));
}

export type ConversationMessage = Awaited<ReturnType<typeof conversationOf>>[number];

/** The three replies every studio needs, given until the artist writes her own. */
const defaultTemplates = [
  {
    id: "ask-details",
    title: "Ask for details",
    body: "Hi {firstName},\n\nThank you for your request! Before I can plan your piece, could you tell me a bit more: the size you have in mind (in inches), the exact placement, and whether it is in color or black and grey? A photo of the area helps too.\n\nTalk soon,",
  },
  {
    id: "send-quote",
    title: "Send a quote",
    body: "Hi {firstName},\n\nThank you for the details. For this piece I estimate [hours] hours, so about $[price] in total. A $100 deposit holds your date and comes off the final price.\n\nIf that works for you, reply here and we will find a date.",
  },
  {
    id: "kindly-decline",
    title: "Kindly decline",
    body: "Hi {firstName},\n\nThank you so much for thinking of me for this. After looking at your idea, I don't think I am the right artist for it, and I would rather tell you now than take your time. I hope you find someone who will do it justice.\n\nWarmly,",
  },
] as const;

/** The artist's templates; the defaults are stored the first time the list is empty. */
export async function replyTemplatesOf(env: Pick<Env, "DB">, now: Date) {
  const rows = await listTemplates(env.DB);
  if (rows.length) return rows;
  await insertTemplates(
    env.DB,
    defaultTemplates.map((template, position) => ({ ...template, position, updatedAt: now.toISOString() })),
  );
  return listTemplates(env.DB);
}

/** A template with its placeholders filled in for one client. */
export function fillTemplate(body: string, client: { name: string }): string {
  const firstName = client.name.trim().split(/\s+/)[0] || "there";
  return body.replaceAll("{firstName}", firstName);
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claimMessageMail>>>;

/**
 * The e-mail about a new message, plain text only (nothing anyone typed is ever markup): to the
 * client, the artist's excerpt and the status page's link; to the artist, the client's excerpt
 * and the request's card in the inbox.
 */
function renderMessageMail(
  { message, request }: Claimed & { request: NonNullable<Claimed["request"]> },
  link: string | null,
  settings: { siteUrl: string; to: string },
): Notification {
  if (message.author === "client") {
    const card = new URL(
      `/admin/consultations?open=${encodeURIComponent(request.id)}`,
      settings.siteUrl,
    ).toString();
    return {
      subject: `New reply from ${request.name}`,
      replyTo: request.email,
      text: [
        `${request.name} answered on their consultation request (${studioTime(message.createdAt)}):`,
        "",
        excerpt(message.body),
        "",
        `Read and reply in the inbox: ${card}`,
      ].join("\n"),
    };
  }
  return {
    to: request.email,
    replyTo: settings.to,
    fromName: "Gilded Needle Tattoo",
    subject: "A new message about your consultation request",
    text: [
      `Hi ${request.name},`,
      "",
      "The artist wrote to you about your consultation request:",
      "",
      excerpt(message.body),
      "",
      link
        ? `Read the whole message and answer on your request's private page:\n${link}`
        : "Read the whole message and answer on your request's private page, through the link in our first e-mail.",
      "",
      studio.name,
      `${studio.phone.display} · ${studio.email}`,
    ].join("\n"),
  };
}

const leaseMs = 2 * 60_000;

/**
 * Sends the message e-mails that are due (or one, right after its message is saved), with the
 * outbox's backoff and attempt limit. Never throws: each outcome is written to the message's row,
 * and the message itself stays whatever happens to its e-mail.
 */
export async function deliverMessageMail(
  env: Env,
  options: { now?: Date; provider?: MailProvider; only?: string; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const settings = mailSettings(env);
  const tally = { sent: 0, failed: 0 };
  const ids = options.only
    ? [options.only]
    : (await dueMessageMail(env.DB, now.toISOString(), options.limit ?? 20)).map((row) => row.id);
  for (const id of ids) {
    let claimed: Awaited<ReturnType<typeof claimMessageMail>>;
    try {
      claimed = await claimMessageMail(
        env.DB,
        id,
        now.toISOString(),
        new Date(now.getTime() + leaseMs).toISOString(),
      );
    } catch (error) {
      log("error", "message e-mail claim failed", { messageId: id, error: errorText(error) });
      continue;
    }
    if (!claimed) continue;
    const { message, request } = claimed;
    if (!request) {
      await settleMessageMail(env.DB, id, { status: "failed", error: "request deleted" });
      continue;
    }
    const audience = message.author === "artist" ? "visitor" : "artist";
    const provider = options.provider ?? mailProviderFor(env, settings, `message-${id}`, audience);
    try {
      // A link revoked or never sealed still lets the e-mail go, without the link.
      const link =
        message.author === "artist" && claimed.sealedToken
          ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, claimed.sealedToken))
          : null;
      await provider.send(renderMessageMail({ ...claimed, request }, link, settings));
      await settleMessageMail(env.DB, id, { status: "sent" });
      tally.sent++;
    } catch (error) {
      await settleMessageMail(
        env.DB,
        id,
        afterFailedSend(errorText(error), message.mailAttempts, settings, now),
      );
      tally.failed++;
      log("warn", "message e-mail not sent", {
        messageId: id,
        attempts: message.mailAttempts,
        error: errorText(error),
      });
    }
  }
  return tally;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
