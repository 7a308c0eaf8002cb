import { forgetDevice } from "./api";
import { currentSubscription } from "./device";

/**
 * Signing out on a device stops its notices: what they say of clients is for a signed-in artist.
 * Best effort within a second: the sign-out never waits on it for long.
 */
export async function forgetThisDevice(): Promise<void> {
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await forgetDevice(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  })();
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
}
