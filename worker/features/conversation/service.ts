import { drizzle } from "drizzle-orm/d1";
import type { Facts } from "../../../shared/content-facts";
import { cardUrl } from "../../platform/admin-links";
import type { MessageAuthor } from "../../platform/db/schema";
import { clientSignature, type Notification } from "../../platform/mail";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { firstNameOf, noticeLine } from "../../platform/push";
import { studioTime } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import { messageImagesOf } from "../reference-images/service";
import { openToken, statusUrl } from "../request-status/service";
import {
  insertMessage,
  insertTemplates,
  listTemplates,
  messageMailKind,
  messageMailSubject,
  sealedThreadToken,
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

/** Saves a message and queues its e-mail; the caller hands `deliverMessageMail({ only: id })` to waitUntil. */
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

type Loaded = NonNullable<Awaited<ReturnType<typeof messageMailSubject>>>;
type MessageMailSubject = Loaded & { request: NonNullable<Loaded["request"]> };

/**
 * The e-mail about a new message, plain text only (nothing anyone typed is ever markup): to the
 * client, the artist's excerpt and the status page's link; to the artist, the client's excerpt
 * and the request's card in the inbox.
 */
function renderMessageMail(
  { message, request }: MessageMailSubject,
  link: string | null,
  settings: { siteUrl: string; to: string },
  studio: Facts["studio"],
): Notification {
  if (message.author === "client") {
    const card = cardUrl(settings.siteUrl, request.id);
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
    fromName: studio.name,
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
      ...clientSignature(studio),
    ].join("\n"),
  };
}

/**
 * The e-mail about a new message (queued under the message's own id): to the client through the
 * mailer that may write to visitors, to the artist through her own. The message itself stays
 * whatever happens to its e-mail.
 */
const messageMail = mailKind<MessageMailSubject>({
  name: messageMailKind,
  audience: ({ message }) => (message.author === "artist" ? "visitor" : "artist"),
  async load(env, mail) {
    const subject = await messageMailSubject(env.DB, mail.subjectId);
    if (!subject) return dropMail("failed", "the message no longer exists");
    if (!subject.request) return dropMail("failed", "request deleted");
    return { ...subject, request: subject.request };
  },
  async render(env, subject, _mail, settings) {
    // A link revoked or never sealed still lets the e-mail go, without the link.
    const sealed =
      subject.message.author === "artist" ? await sealedThreadToken(env.DB, subject.request.id) : null;
    const link = sealed ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, sealed)) : null;
    return renderMessageMail(subject, link, settings, (await publishedFacts(env)).studio);
  },
  push({ message, request }, _mail, settings) {
    if (message.author !== "client") return null;
    return {
      topic: "client-answer",
      title: `${firstNameOf(request.name)} answered`,
      body: noticeLine(message.body) || "An image, on their request.",
      url: cardUrl(settings.siteUrl, request.id),
      tag: `answer-${request.id}`,
    };
  },
});

/**
 * Sends the message e-mails that are due, or, with `only`, the one of a message just saved (its
 * id is the e-mail's). Never throws: each outcome is written to the e-mail's row.
 */
export const deliverMessageMail = delivererOf(messageMail);

/** The conversation's own reads and writes the routes ask for, reached through this service. */
export {
  countAnswer,
  deleteTemplate,
  insertTemplates,
  markRead,
  unreadAnswers,
  unreadThreadCount,
  updateTemplate,
} from "./queries";
