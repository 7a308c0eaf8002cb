import type { InferResponseType } from "hono/client";
import type { PushTopic } from "../../../shared/push";
import { alreadyGone, api, client } from "../../lib/api";

const push = client.api.admin.push;

export type PushOverview = InferResponseType<typeof push.overview.$post, 200>;

export const loadOverview = (endpoint: string | null) =>
  api(push.overview.$post({ json: endpoint ? { endpoint } : {} }));

export const saveDevice = (subscription: PushSubscriptionJSON, topics: PushTopic[], label: string) =>
  api(
    push.subscription.$put({
      json: {
        subscription: {
          endpoint: subscription.endpoint ?? "",
          keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
        },
        topics,
        label,
      },
    }),
  );

export async function forgetDevice(endpoint: string) {
  const response = await push.subscription.$delete({ json: { endpoint } });
  // Already off is what was asked for.
  if (!response.ok && !alreadyGone(response.status))
    throw new Error(`Could not turn notices off (${response.status})`);
}

export const sendTestNotice = (endpoint: string) => api(push.test.$post({ json: { endpoint } }));
