import { Hono } from "hono";
import { artistMessageSchema, replyTemplateSchema } from "../../../shared/schemas/messages";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import { findSubmission } from "../requests/lookup";
import type { AdminEnv } from "../sign-in/middleware";
import {
  conversationOf,
  deleteTemplate,
  deliverMessageMail,
  fillTemplate,
  insertTemplates,
  markRead,
  postMessage,
  replyTemplatesOf,
  updateTemplate,
} from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

async function requestOr404(d1: D1Database, id: string) {
  const request = await findSubmission(d1, "consultation", id);
  if (!request) throw new ApiError(404, "That consultation request does not exist.");
  return request;
}

/**
 * The conversation on a consultation request, from the artist's side, mounted beside the inbox
 * at /api/admin/consultations/:id/messages (docs/decisions/019-request-conversation.md).
 */
export const consultationMessages = new Hono<AdminEnv>()
  /** The whole thread, oldest first, with the templates filled in for this client. */
  .get("/:id/messages", validate("param", idParam), async (c) => {
    const request = await requestOr404(c.env.DB, c.req.valid("param").id);
    const [messages, templates] = await Promise.all([
      conversationOf(c.env, request.id),
      replyTemplatesOf(c.env, new Date()),
    ]);
    return c.json({
      messages,
      templates: templates.map((template) => ({
        id: template.id,
        title: template.title,
        body: fillTemplate(template.body, request),
      })),
    });
  })
  /** The artist's message: saved (and audited), then e-mailed to the client after the answer. */
  .post("/:id/messages", validate("param", idParam), validate("json", artistMessageSchema), async (c) => {
    const request = await requestOr404(c.env.DB, c.req.valid("param").id);
    const saved = await postMessage(c.env, {
      submissionId: request.id,
      author: "artist",
      body: c.req.valid("json").body,
      now: new Date(),
      actor: c.get("admin"),
    });
    waitUntilOf(c)?.(deliverMessageMail(c.env, { only: saved.id }));
    return c.json(
      {
        message: {
          id: saved.id,
          author: "artist" as const,
          body: c.req.valid("json").body,
          createdAt: saved.createdAt,
          readAt: null,
          mailStatus: "pending" as const,
          images: [],
        },
      },
      201,
    );
  })
  /** Opening the card: the client's answers count as read. */
  .post("/:id/messages/read", validate("param", idParam), async (c) => {
    const request = await requestOr404(c.env.DB, c.req.valid("param").id);
    const read = await markRead(c.env.DB, request.id, "client", new Date().toISOString());
    return c.json({ read });
  });

/** /api/admin/reply-templates: the artist's reply templates (the three defaults until she edits them). */
export const replyTemplatesApi = new Hono<AdminEnv>()
  .get("/", async (c) => c.json({ templates: await replyTemplatesOf(c.env, new Date()) }))
  .post("/", validate("json", replyTemplateSchema), async (c) => {
    const now = new Date();
    const existing = await replyTemplatesOf(c.env, now);
    const template = {
      id: crypto.randomUUID(),
      ...c.req.valid("json"),
      position: existing.length,
      updatedAt: now.toISOString(),
    };
    await insertTemplates(c.env.DB, [template]);
    return c.json({ template }, 201);
  })
  .put("/:id", validate("param", idParam), validate("json", replyTemplateSchema), async (c) => {
    const template = await updateTemplate(c.env.DB, c.req.valid("param").id, {
      ...c.req.valid("json"),
      updatedAt: new Date().toISOString(),
    });
    if (!template) throw new ApiError(404, "That template does not exist.");
    return c.json({ template });
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    if (!(await deleteTemplate(c.env.DB, c.req.valid("param").id))) {
      throw new ApiError(404, "That template does not exist.");
    }
    return c.json({ deleted: true });
  });
