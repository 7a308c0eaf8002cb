import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { consultationUpdateSchema, contactUpdateSchema, listQuerySchema } from "../../../shared/admin";
import { z } from "../../../shared/schemas/z";
import { consultationStatuses, contactStatuses } from "../../../shared/statuses";
import {
  decodeCursor,
  inboxCounts,
  type ListOptions,
  listAudit,
  listConsultations,
  listContacts,
  updateConsultation,
  updateContact,
} from "../../db/queries/admin-inbox";
import { ApiError } from "../../lib/api-error";
import type { AdminEnv } from "../../middleware/auth";
import { invalidInputCode, validate } from "../../middleware/validate";

const idParam = z.object({ id: z.string().min(1).max(100) });

function listOptions(query: z.infer<typeof listQuerySchema>, statuses: readonly string[]): ListOptions {
  if (query.status && !statuses.includes(query.status)) {
    throw new ApiError(400, `Unknown status "${query.status}".`, {
      code: invalidInputCode,
      fields: { status: "Unknown" },
    });
  }
  const cursor = decodeCursor(query.cursor);
  if (cursor === null)
    throw new ApiError(400, "Invalid page cursor.", {
      code: invalidInputCode,
      fields: { cursor: "Invalid" },
    });
  return { status: query.status, q: query.q || undefined, cursor, limit: query.limit };
}

const csvColumns = {
  consultations: [
    "id",
    "createdAt",
    "updatedAt",
    "status",
    "name",
    "email",
    "phone",
    "tattooIdea",
    "size",
    "placement",
    "timeframe",
    "experience",
    "budget",
    "availability",
    "adminNotes",
  ],
  contacts: [
    "id",
    "createdAt",
    "updatedAt",
    "status",
    "name",
    "email",
    "phone",
    "serviceInterest",
    "message",
    "newsletterSignup",
    "adminNotes",
    "respondedAt",
    "respondedBy",
  ],
} as const;

/**
 * One CSV cell: quoted, quotes doubled, and a leading =, +, -, @, tab or CR neutralised with an
 * apostrophe so a spreadsheet never runs a visitor's text as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

function csvResponse(
  kind: "consultations" | "contacts",
  fetchPage: (cursor: ListOptions["cursor"]) => Promise<{ items: object[]; nextCursor: string | null }>,
) {
  const columns = csvColumns[kind];
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const snake = columns.map((c) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`));
      controller.enqueue(encoder.encode(`${snake.join(",")}\r\n`));
      let cursor: ListOptions["cursor"];
      for (;;) {
        const { items, nextCursor } = await fetchPage(cursor);
        const lines = items.map(
          (row) => `${columns.map((c) => csvCell((row as Record<string, unknown>)[c])).join(",")}\r\n`,
        );
        if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
        if (!nextCursor) break;
        cursor = decodeCursor(nextCursor);
      }
      controller.close();
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${date}.csv"`,
    },
  });
}

/** /api/admin/consultations and /api/admin/contacts: lists, counts, changes and CSV export. */
export const adminInbox = new Hono<AdminEnv>()
  .get("/consultations", validate("query", listQuerySchema), async (c) => {
    const db = drizzle(c.env.DB);
    const options = listOptions(c.req.valid("query"), consultationStatuses);
    const [page, counts] = await Promise.all([listConsultations(db, options), inboxCounts(db)]);
    return c.json({ ...page, counts });
  })
  .get("/contacts", validate("query", listQuerySchema), async (c) => {
    const db = drizzle(c.env.DB);
    const options = listOptions(c.req.valid("query"), contactStatuses);
    const [page, counts] = await Promise.all([listContacts(db, options), inboxCounts(db)]);
    return c.json({ ...page, counts });
  })
  .get("/consultations/export.csv", validate("query", listQuerySchema), (c) => {
    const db = drizzle(c.env.DB);
    const options = listOptions(c.req.valid("query"), consultationStatuses);
    return csvResponse("consultations", (cursor) =>
      listConsultations(db, { ...options, cursor, limit: 500 }),
    );
  })
  .get("/contacts/export.csv", validate("query", listQuerySchema), (c) => {
    const db = drizzle(c.env.DB);
    const options = listOptions(c.req.valid("query"), contactStatuses);
    return csvResponse("contacts", (cursor) => listContacts(db, { ...options, cursor, limit: 500 }));
  })
  .patch(
    "/consultations/:id",
    validate("param", idParam),
    validate("json", consultationUpdateSchema),
    async (c) => {
      const updated = await updateConsultation(
        drizzle(c.env.DB),
        c.req.valid("param").id,
        c.req.valid("json"),
        c.get("admin"),
      );
      if (!updated) throw new ApiError(404, "That consultation request does not exist.");
      return c.json({ item: updated });
    },
  )
  .patch("/contacts/:id", validate("param", idParam), validate("json", contactUpdateSchema), async (c) => {
    const updated = await updateContact(
      drizzle(c.env.DB),
      c.req.valid("param").id,
      c.req.valid("json"),
      c.get("admin"),
    );
    if (!updated) throw new ApiError(404, "That contact message does not exist.");
    return c.json({ item: updated });
  })
  .get(
    "/audit",
    validate(
      "query",
      z.object({
        before: z.coerce.number().int().positive().optional(),
        limit: z.coerce.number().int().min(1).max(100).default(25),
      }),
    ),
    async (c) => c.json(await listAudit(drizzle(c.env.DB), c.req.valid("query"))),
  );
