import { drizzle } from "drizzle-orm/d1";
import type { Facts } from "../../../shared/content-facts";
import { replyDueAt } from "../../../shared/request-stages";
import { submissionSettings } from "../../platform/config";
import { fromBase64, randomToken, sha256Hex, toBase64Url } from "../../platform/crypto";
import { acceptedCount, countAccepted, isQuotaExhausted } from "../../platform/db/rate-limit-queries";
import { clientSignature, type Notification } from "../../platform/mail";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { submissionQuota } from "../../platform/rate-limit";
import { studioTime } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import type { SubmissionRow } from "../requests/lookup";
import { journeysOf, requestVersion } from "./journey-queries";
import {
  findRequestByTokenHash,
  insertStatusLink,
  linkMailKind,
  linkMailSubject,
  replaceLinksOf,
} from "./queries";
import type { RequestStatusLink } from "./tables";

/**
 * A client's private status page of a consultation request
 * (docs/decisions/018-request-status-links.md): a link whose token is 32 random bytes, kept
 * only as its SHA-256, shown once on "Request Sent!" and e-mailed to the client.
 */

export const statusPagePrefix = "/requests/";

/** 32 random bytes (256 bits), base64url without padding: 43 characters. */
export function newToken(): string {
  return randomToken();
}

const tokenHash = (token: string) => sha256Hex(token);

export const statusUrl = (siteUrl: string, token: string) =>
  new URL(`${statusPagePrefix}${token}`, siteUrl).toString();

/** Shorter secrets are treated as missing, as with the session signing key. */
const minimumSecretLength = 32;

/**
 * The key the token waits under until its e-mail is delivered: derived from JWT_SECRET (HKDF,
 * its own label), so a copy of the database alone opens no status page.
 */
async function mailTokenKey(secret: string | undefined): Promise<CryptoKey | null> {
  if (!secret || secret.length < minimumSecretLength) return null;
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("request-status-link-mail"),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

async function sealToken(secret: string | undefined, token: string): Promise<string | null> {
  const key = await mailTokenKey(secret);
  if (!key) return null;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(token));
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function openToken(secret: string | undefined, sealed: string): Promise<string> {
  const key = await mailTokenKey(secret);
  const [iv = "", data = ""] = sealed.split(".");
  if (!key) throw new Error("JWT_SECRET is missing: the confirmation's link cannot be read");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv) }, key, fromBase64(data));
  return new TextDecoder().decode(plain);
}

/**
 * Why a client's confirmation cannot be sent, or null if it can: the token can wait for the cron
 * only under a key. (With Cloudflare's e-mail the confirmation goes through the binding that may
 * write to visitors, VISITOR_MAILER, as the waitlist's e-mail does.)
 */
function confirmationBlocked(_env: Env, key: string | null): string | null {
  return key ? null : "no JWT_SECRET to keep the link until it is e-mailed";
}

/** A new link for a request being saved: its token, and the statement that stores its hash. */
export async function newStatusLink(env: Env, submissionId: string, now: string) {
  const token = newToken();
  const sealed = await sealToken(env.JWT_SECRET, token);
  const link = {
    id: crypto.randomUUID(),
    submissionId,
    tokenHash: await tokenHash(token),
    createdAt: now,
    // Kept while the link is live, for its confirmation (retries included) and the e-mails of
    // the artist's later messages. Without a key there is none: the confirmation is given up.
    threadToken: sealed,
  };
  return { token, link, statements: insertStatusLink(env.DB, link) };
}

/**
 * Sends a request's client a new link (one lost, or one revoked by mistake): the request's live
 * links stop working and the new one is e-mailed. Returns the new link's id, for its delivery.
 */
export async function sendNewStatusLink(
  env: Env,
  submissionId: string,
  actor: { id: string; email: string },
  now: string,
): Promise<string> {
  const { link } = await newStatusLink(env, submissionId, now);
  await replaceLinksOf(env.DB, link, actor, now);
  return link.id;
}

type Consultation = SubmissionRow<"consultation">;

/**
 * The client's confirmation: what was received, when to expect a reply, and the link. Plain
 * text only (no HTML part, so nothing the client typed is ever markup); the artist's address
 * answers it.
 */
function renderConfirmation(
  request: Consultation,
  url: string,
  studioAddress: string,
  reissued: boolean,
  studio: Facts["studio"],
): Notification {
  const idea = request.tattooIdea.trim();
  // The first link is stored in the batch that saves its request, at the request's own time;
  // a later one is a new link the artist sent, and its e-mail says only that.
  if (reissued) return renderNewLink(request, url, studioAddress, studio);
  return {
    to: request.email,
    replyTo: studioAddress,
    fromName: studio.name,
    subject: "We received your consultation request",
    text: [
      `Hi ${request.name},`,
      "",
      "Thank you for your consultation request. Here is what we received:",
      "",
      `Tattoo idea: ${idea}`,
      ...(request.placement ? [`Placement: ${request.placement}`] : []),
      ...(request.size ? [`Size: ${request.size}`] : []),
      `Phone: ${request.phone}`,
      "",
      `The artist reads every request personally and will call or e-mail you by ${studioTime(replyDueAt(request.createdAt))} to set up your free consultation.`,
      "",
      "See where your request stands, at any time, on its private page:",
      url,
      "",
      "Anyone with this link can see your request, so keep it to yourself. If you did not send this request, reply to this e-mail and we will remove it.",
      "",
      ...clientSignature(studio),
    ].join("\n"),
  };
}

/** A new link the artist sent: no repeat of the request, just the link and why it changed. */
function renderNewLink(
  request: Consultation,
  url: string,
  studioAddress: string,
  studio: Facts["studio"],
): Notification {
  return {
    to: request.email,
    replyTo: studioAddress,
    fromName: studio.name,
    subject: "A new link to your consultation request",
    text: [
      `Hi ${request.name},`,
      "",
      "Here is a link to your consultation request's private page, where you can see where it stands and write to the artist:",
      url,
      "",
      "Any link we sent you before no longer works. Anyone with this link can see your request, so keep it to yourself.",
      "",
      ...clientSignature(studio),
    ].join("\n"),
  };
}

type LinkMailSubject = {
  link: RequestStatusLink & { threadToken: string };
  request: Consultation;
};

/**
 * The client's confirmation with the status page's link, or a new link's e-mail (queued under the
 * link's own id), through the mailer that may write to visitors. The token waits sealed on the
 * link while it is live; a revoked link's e-mail is not sent any more.
 */
const linkMail = mailKind<LinkMailSubject>({
  name: linkMailKind,
  audience: "visitor",
  async load(env, mail) {
    const subject = await linkMailSubject(env.DB, mail.subjectId);
    if (!subject?.request) return dropMail("failed", "request deleted");
    const { link, request } = subject;
    if (link.revokedAt) return dropMail("failed", "the link was revoked");
    const blocked = confirmationBlocked(env, link.threadToken);
    if (blocked || !link.threadToken) return dropMail("failed", blocked ?? "the link's token is gone");
    return { link: { ...link, threadToken: link.threadToken }, request };
  },
  async render(env, { link, request }, _mail, settings) {
    const token = await openToken(env.JWT_SECRET, link.threadToken);
    return renderConfirmation(
      request,
      statusUrl(settings.siteUrl, token),
      settings.to,
      link.createdAt !== request.createdAt,
      (await publishedFacts(env)).studio,
    );
  },
});

/**
 * Sends the confirmations that are due, or, with `only`, the one of a link just stored (its id is
 * the e-mail's). Never throws: each outcome is written to the e-mail's row.
 */
export const deliverLinkMail = delivererOf(linkMail);

/** Wrong links one address may try per window before it is refused everything. */
export const wrongLinksPerWindow = 20;

export type StatusLookup =
  | { found: true; request: Consultation }
  | { found: false; limited: false }
  | { found: false; limited: true; retryAfter: number };

/**
 * Opens a status page by its token. Guesses are limited per address: each wrong (or revoked)
 * link counts in the address's window, and an address whose window is full is refused every
 * link, good or not, so the refusal says nothing about any token. A right link costs nothing.
 */
export async function lookupStatusPage(
  env: Env,
  input: { token: string; address: string | null; now: Date },
): Promise<StatusLookup> {
  const settings = submissionSettings(env);
  const quota = await submissionQuota({
    scope: "status-link",
    address: input.address,
    secret: env.RATE_LIMIT_SECRET,
    max: wrongLinksPerWindow,
    windowSeconds: settings.rateLimitWindowSeconds,
    now: input.now,
  });
  // Every token is hashed and looked up the same way, whatever its shape, so a malformed one
  // takes no shorter path than a well-formed wrong one.
  const [count, hash] = await Promise.all([
    acceptedCount(env.DB, quota.key),
    tokenHash(input.token.slice(0, 200)),
  ]);
  if (count >= quota.max) return { found: false, limited: true, retryAfter: quota.retryAfter };
  const request = await findRequestByTokenHash(env.DB, hash);
  if (request) return { found: true, request };
  try {
    await drizzle(env.DB).batch([countAccepted(env.DB, quota)]);
  } catch (error) {
    // Another guess filled the window at the same moment: this one is still a plain miss.
    if (!isQuotaExhausted(error)) throw error;
  }
  return { found: false, limited: false };
}

/** The request's stamp for the artist's open card (see `requestVersion`); null for no request. */
export function requestVersionOf(db: D1Database, submissionId: string): Promise<string | null> {
  return requestVersion(db, submissionId);
}

/**
 * Where each request's quote, deposit and session stand: with its inbox status, what
 * `stateOf` (shared/request-lifecycle.ts) reads, so the artist's card names the same state as
 * the client's page.
 */
export function requestJourneysOf(db: D1Database, submissionIds: readonly string[]) {
  return journeysOf(db, submissionIds);
}

/** The link states and the journey the routes read, reached through this service. */
/** The overdue-reply digest's and the dashboard funnel's reads, reached through this service. */
export { journeyCounts, journeyOf } from "./journey-queries";
export {
  type LinkState,
  linkStates,
  recordDigest,
  replyDigestMailKind,
  revokeLinksOf,
  unansweredBefore,
} from "./queries";
