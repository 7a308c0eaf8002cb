import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { isPublishedPhoto } from "./published";
import { serveSize, sizeParam } from "./serve";

/**
 * /media/uploads/<id>/<width>.<avif|webp>: the artist's photos as the public pages show them,
 * only while the live content uses them (an upload nobody published has no public address).
 * A key is never reused for another picture, so a served size is cached for a year.
 */
const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
  });

export const media = new Hono<AppEnv>().get("/uploads/:id/:file", async (c) => {
  // Any other width, format or id is simply not there (a 404, not a validation message).
  const size = sizeParam.safeParse(c.req.param());
  if (
    !size.success ||
    !(await isPublishedPhoto(c.env.DB, new URL(c.req.url).origin, `uploads/${size.data.id}`))
  )
    return notFound();
  return (await serveSize(c.env.PHOTOS, size.data, "public, max-age=31536000, immutable")) ?? notFound();
});
