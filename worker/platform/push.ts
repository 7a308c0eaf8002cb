import { buildPushPayload } from "@block65/webcrypto-web-push";
import { type PushTopic, pushTopics } from "../../shared/push";
import { studio } from "../../shared/studio";
import { fromBase64, toBase64Url } from "./crypto";
import { allSubscriptions, deleteSubscription, markReached } from "./db/push-queries";
import type { PushSubscriptionRow } from "./db/push-tables";
import { log } from "./log";

/**
 * Push notifications to the artist's devices (docs/decisions/031-push-notifications.md), by the
 * Web Push protocol: each message encrypted to one device's keys (RFC 8291, aes128gcm) and
 * signed for the push service with the studio's VAPID key (RFC 8292), by
 * @block65/webcrypto-web-push, which does both on Web Crypto and so runs in Workers. A push is a nudge beside the e-mail,
 * never instead of it: it is sent once, when its e-mail is first tried, and a failure is logged,
 * not retried (the push service itself holds a message for its TTL while the phone is offline).
 */

/** One notice, as the admin's service worker shows it. */
export interface PushNotice {
  topic: PushTopic;
  title: string;
  body: string;
  /** Where a tap opens: the request's card. */
  url: string;
  /** A later notice with the same tag replaces this one on the phone (one per request and kind). */
  tag: string;
}

export interface PushSettings {
  privateJwk: PrivateJwk;
  /** The public half, as the browser's `applicationServerKey` takes it (base64url, uncompressed point). */
  publicKey: string;
  /** Who the push services may contact about this sender. */
  subject: string;
}

/**
 * The VAPID key from `VAPID_PRIVATE_KEY` (a P-256 private JWK, as `npm run push:keys` prints it),
 * or null when push is off or the value is not such a key.
 */
export function pushSettings(env: { VAPID_PRIVATE_KEY?: string | undefined }): PushSettings | null {
  const jwk = parseJwk(env.VAPID_PRIVATE_KEY);
  if (!jwk) return null;
  // The uncompressed point: 0x04, then x and y.
  const point = new Uint8Array([4, ...fromBase64(jwk.x), ...fromBase64(jwk.y)]);
  return {
    privateJwk: jwk,
    publicKey: toBase64Url(point),
    subject: `mailto:${studio.email}`,
  };
}

/** Why `VAPID_PRIVATE_KEY` cannot be used, or null when it can (for the configuration check). */
export function vapidKeyProblem(value: string): string | null {
  return parseJwk(value) ? null : "not a P-256 private key in JWK form (npm run push:keys makes one)";
}

type PrivateJwk = JsonWebKey & { x: string; y: string; d: string };

function parseJwk(value: string | undefined): PrivateJwk | null {
  if (!value?.trim()) return null;
  try {
    const jwk = JSON.parse(value) as JsonWebKey;
    const coordinate = (part: unknown) => typeof part === "string" && /^[A-Za-z0-9_-]{43}$/.test(part);
    if (
      jwk.kty !== "EC" ||
      jwk.crv !== "P-256" ||
      !coordinate(jwk.x) ||
      !coordinate(jwk.y) ||
      !coordinate(jwk.d)
    )
      return null;
    return jwk as PrivateJwk;
  } catch {
    return null;
  }
}

export interface PushTally {
  sent: number;
  /** Subscriptions the push service said are gone, now deleted. */
  gone: number;
  failed: number;
}

/** A push service's answer that means the subscription will never work again. */
const goneStatuses = new Set([404, 410]);

/**
 * Sends a notice to every device that has its kind turned on. Never throws: each device's
 * outcome is counted and logged (by endpoint host only: the endpoint itself is a capability).
 */
export async function pushToArtist(
  env: { DB: D1Database; VAPID_PRIVATE_KEY?: string | undefined },
  notice: PushNotice,
  /** `only`: that one device, whatever it has turned on (the admin's test notice). */
  { now = new Date(), only }: { now?: Date; only?: string } = {},
): Promise<PushTally> {
  const tally: PushTally = { sent: 0, gone: 0, failed: 0 };
  const settings = pushSettings(env);
  if (!settings) return tally;
  let subscriptions: PushSubscriptionRow[];
  try {
    subscriptions = (await allSubscriptions(env.DB)).filter((row) =>
      only ? row.id === only : topicsOf(row).includes(notice.topic),
    );
  } catch (error) {
    log("error", "push subscriptions unread", { error: errorText(error) });
    return tally;
  }
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const host = new URL(subscription.endpoint).host;
      try {
        const request = await buildPushPayload(
          {
            data: { title: notice.title, body: notice.body, url: notice.url, tag: notice.tag },
            // A day to reach a phone that is off; "high" wakes it, as a new client should.
            options: { ttl: 24 * 3600, urgency: "high" },
          },
          {
            endpoint: subscription.endpoint,
            expirationTime: null,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateJwk.d },
        );
        const response = await fetch(subscription.endpoint, {
          ...request,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          tally.sent++;
          await markReached(env.DB, subscription.id, now.toISOString());
        } else if (goneStatuses.has(response.status)) {
          tally.gone++;
          await deleteSubscription(env.DB, subscription.endpoint);
          log("info", "push subscription gone", { host, status: response.status });
        } else {
          tally.failed++;
          log("warn", "push refused", { host, status: response.status, topic: notice.topic });
        }
      } catch (error) {
        tally.failed++;
        log("warn", "push not sent", { host, topic: notice.topic, error: errorText(error) });
      }
    }),
  );
  return tally;
}

/** The topics a subscription has on; an unreadable list is none. */
export function topicsOf(row: Pick<PushSubscriptionRow, "topics">): PushTopic[] {
  try {
    const topics = JSON.parse(row.topics) as unknown;
    return Array.isArray(topics) ? pushTopics.filter((topic) => topics.includes(topic)) : [];
  } catch {
    return [];
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a lock screen shows of a person: the first name only. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || "A client";

/** A text cut to one short line for a notice. */
export function noticeLine(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
