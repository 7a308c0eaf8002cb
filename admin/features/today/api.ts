import type { InferResponseType } from "hono/client";
import { api, client } from "../../lib/api";
import { takeEarly } from "../../lib/early-load";
import { isOfflineCopy } from "../../lib/offline";

export type Today = InferResponseType<typeof client.api.admin.today.$get, 200>;

/** Today, and whether it is the copy kept from the last time it loaded (offline). */
export async function loadToday(): Promise<{ today: Today; offline: boolean }> {
  // Asked for at boot when the admin opens on Today (admin/main.tsx).
  const response = await takeEarly("today", () => client.api.admin.today.$get());
  return {
    today: await api(Promise.resolve(response)),
    offline: isOfflineCopy(response as unknown as Response),
  };
}
