import { type PushTopic, pushTopics } from "../../../shared/push";
import { mailSettings } from "../../platform/config";
import {
  allSubscriptions,
  deleteSubscription,
  saveSubscription,
  subscriptionByEndpoint,
} from "../../platform/db/push-queries";
import { type PushTally, pushSettings, pushToArtist, topicsOf } from "../../platform/push";

/**
 * The artist's devices for push notices (docs/decisions/031-push-notifications.md): what the
 * admin shows (whether push is set up, the key a browser subscribes with, her devices and what
 * each has on), and the use cases behind its switches.
 */

interface PushDevice {
  label: string;
  topics: PushTopic[];
  createdAt: string;
  seenAt: string;
  /** Whether this is the device asking. */
  current: boolean;
}

export async function pushOverview(env: Env, endpoint: string | null) {
  const settings = pushSettings(env);
  const devices: PushDevice[] = (await allSubscriptions(env.DB)).map((row) => ({
    label: row.label,
    topics: topicsOf(row),
    createdAt: row.createdAt,
    seenAt: row.seenAt,
    current: row.endpoint === endpoint,
  }));
  return {
    available: settings !== null,
    publicKey: settings?.publicKey ?? null,
    topics: pushTopics,
    devices,
  };
}

/** Saves this device's subscription and the kinds of notice it takes (a new one, or a change). */
export async function subscribeDevice(
  env: Env,
  input: {
    adminId: string;
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
    topics: readonly PushTopic[];
    label: string;
  },
  now: Date,
): Promise<void> {
  await saveSubscription(env.DB, {
    id: crypto.randomUUID(),
    adminId: input.adminId,
    endpoint: input.subscription.endpoint,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    topics: JSON.stringify(pushTopics.filter((topic) => input.topics.includes(topic))),
    label: input.label,
    seenAt: now.toISOString(),
  });
}

/** Forgets a device (turned off there, or signed out): false when it was not subscribed. */
export function unsubscribeDevice(env: Env, endpoint: string): Promise<boolean> {
  return deleteSubscription(env.DB, endpoint);
}

/** A test notice to one device, so she sees what a notice looks like there; null when it is unknown. */
export async function testDevice(env: Env, endpoint: string): Promise<PushTally | null> {
  const device = await subscriptionByEndpoint(env.DB, endpoint);
  if (!device) return null;
  return pushToArtist(
    env,
    {
      topic: "new-request",
      title: "Notices are on",
      body: `This is how ${device.label} shows a new request.`,
      url: new URL("/admin/", mailSettings(env).siteUrl).toString(),
      tag: "test",
    },
    { only: device.id },
  );
}
