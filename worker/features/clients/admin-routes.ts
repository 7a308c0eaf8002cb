import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { historyOfRequest, mergeIntoRequestClient, unmerge } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });
const address = z.object({ email: z.email("Give an e-mail address").max(254) });

const noRequest = () => new ApiError(404, "There is no request with that id.");

/**
 * /api/admin/clients: a client's history from any of their requests' cards, and merging a
 * second address into that client (or taking it out again).
 */
export const adminClients = new Hono<AdminEnv>()
  .get("/of/:id", validate("param", idParam), async (c) => {
    const history = await historyOfRequest(c.env.DB, c.req.valid("param").id);
    if (!history) throw noRequest();
    return c.json(history);
  })
  .post("/of/:id/addresses", validate("param", idParam), validate("json", address), async (c) => {
    const outcome = await mergeIntoRequestClient(
      c.env.DB,
      c.req.valid("param").id,
      c.req.valid("json").email,
      new Date(),
    );
    if (outcome === "unknown-request") throw noRequest();
    if (outcome === "unknown-address")
      throw new ApiError(404, "No request or message came from that address.", { code: "unknown_address" });
    const history = await historyOfRequest(c.env.DB, c.req.valid("param").id);
    return c.json(history, outcome === "merged" ? 201 : 200);
  })
  .delete("/addresses/:email", validate("param", address), async (c) => {
    if (!(await unmerge(c.env.DB, c.req.valid("param").email)))
      throw new ApiError(404, "That address is not merged into another.");
    return c.body(null, 204);
  });
