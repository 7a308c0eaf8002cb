import type { InferResponseType } from "hono/client";
import { api, client } from "../../lib/api";

export type Today = InferResponseType<typeof client.api.admin.today.$get, 200>;

export const loadToday = () => api(client.api.admin.today.$get());
