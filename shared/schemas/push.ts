import { pushTopics } from "../push";
import { z } from "./z";

/** A push service's address for one device, as the browser gave it: always https. */
const endpoint = z
  .url({ protocol: /^https$/, message: "A push subscription's endpoint is an https address" })
  .max(1000, "A push subscription's endpoint is at most 1,000 characters");

/** Unpadded base64url of `bytes` bytes, as PushSubscription.toJSON() writes its keys. */
const key = (bytes: number, name: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
      `${name} is not a browser's push key`,
    );

/** This device's subscription, with the kinds of notice to send it and how it names itself. */
export const pushSubscriptionSchema = z.object({
  subscription: z.object({
    endpoint,
    keys: z.object({ p256dh: key(65, "p256dh"), auth: key(16, "auth") }),
  }),
  topics: z.array(z.enum(pushTopics)).max(pushTopics.length),
  label: z.string().trim().min(1, "Name this device").max(60, "At most 60 characters"),
});

/** Which device a request is about. */
export const pushEndpointSchema = z.object({ endpoint });
