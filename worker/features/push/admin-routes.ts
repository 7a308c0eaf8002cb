import { Hono } from "hono";
import { pushEndpointSchema, pushSubscriptionSchema } from "../../../shared/schemas/push";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { pushOverview, subscribeDevice, testDevice, unsubscribeDevice } from "./service";

const notSubscribed = () => new ApiError(404, "This device is not subscribed to notices.");

/**
 * /api/admin/push: push notices to the artist's devices. The overview (POST, since it names the
 * asking device by its endpoint, which stays out of URLs and logs), a device's subscription saved
 * or changed (PUT) and removed (DELETE), and a test notice.
 */
export const adminPush = new Hono<AdminEnv>()
  .post("/overview", validate("json", pushEndpointSchema.partial()), async (c) =>
    c.json(await pushOverview(c.env, c.req.valid("json").endpoint ?? null)),
  )
  .put("/subscription", validate("json", pushSubscriptionSchema), async (c) => {
    await subscribeDevice(c.env, { ...c.req.valid("json"), adminId: c.get("admin").id }, new Date());
    return c.json(await pushOverview(c.env, c.req.valid("json").subscription.endpoint));
  })
  .delete("/subscription", validate("json", pushEndpointSchema), async (c) => {
    if (!(await unsubscribeDevice(c.env, c.req.valid("json").endpoint))) throw notSubscribed();
    return c.body(null, 204);
  })
  .post("/test", validate("json", pushEndpointSchema), async (c) => {
    const tally = await testDevice(c.env, c.req.valid("json").endpoint);
    if (!tally) throw notSubscribed();
    if (tally.sent === 0)
      throw new ApiError(502, "The push service did not take the notice. Turn notices off and on again.", {
        code: "push_failed",
      });
    return c.json({ sent: tally.sent });
  });
