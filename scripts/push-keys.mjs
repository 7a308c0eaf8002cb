// npm run push:keys: prints a new VAPID key for push notices to the artist's devices, to set as
// the worker's secret (README, Configuration): `npx wrangler secret put VAPID_PRIVATE_KEY` and
// paste the line. A new key unsubscribes every device: each turns notices on again once.
import { newVapidKey } from "./lib/vapid.mjs";

console.log(newVapidKey());
