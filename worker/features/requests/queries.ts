import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import type { SubmissionKindName } from "../../../shared/submission-kinds";
import { failedWith } from "../../platform/db/constraint-errors";
import type { IdempotencyRecord } from "../../platform/db/idempotency-queries";
import { countAccepted, isQuotaExhausted, type QuotaWindow } from "../../platform/db/rate-limit-queries";
import { idempotencyKeys, type submissionTables, tableOf } from "../../platform/db/schema";
import { queueMail } from "../../platform/mail-queue";
import {
  attachedGuard,
  attachStatements,
  isClaimLost,
  type ReferenceClaim,
} from "../reference-images/queries";
import type { CommonSubmissionTable } from "./tables";

/** A stored submission of one kind, as its table returns it. */
export type SubmissionRow<N extends SubmissionKindName = SubmissionKindName> =
  (typeof submissionTables)[N]["$inferSelect"];

/** The columns every kind fills when a submission is saved; the rest come from the kind's toRow. */
export type NewSubmissionRow = Pick<
  CommonSubmissionTable["$inferInsert"],
  "id" | "name" | "email" | "status" | "createdAt" | "updatedAt"
> &
  Record<string, unknown>;

type SaveResult =
  | { saved: true; outboxId: string }
  | { saved: false; reason: "idempotency_conflict" | "rate_limited" | "references_unavailable" };

/** SQLite reports a broken primary key as "UNIQUE constraint failed: idempotency_keys.scope, ...". */
const isIdempotencyConflict = (error: unknown) =>
  failedWith(error, /UNIQUE constraint failed: idempotency_keys/i);

/**
 * Saves a submission, its queued notification and (when the request carried an
 * Idempotency-Key) the answer given, in one D1 batch: a single transaction, so either all three
 * rows exist or none does. A second request with the same key breaks the key's primary key and
 * rolls its whole batch back, which is what makes a retried submission save once. The visitor's
 * form limit is counted in the same batch: a full window rolls the batch back, and a
 * batch rolled back for any reason counts nothing. Reference images the request claims are
 * attached in the same batch, all of them or the batch rolls back.
 */
export async function saveSubmission(
  d1: D1Database,
  input: {
    kind: SubmissionKindName;
    row: NewSubmissionRow;
    outboxId: string;
    now: string;
    idempotency: IdempotencyRecord | null;
    quota: QuotaWindow;
    /** Reference images to attach (already checked; checked again here). */
    references?: readonly ReferenceClaim[];
    /** Rows that belong to the submission (its status link), saved or rolled back with it. */
    alongside?: readonly BatchItem<"sqlite">[];
  },
): Promise<SaveResult> {
  const db = drizzle(d1);
  const references = input.references ?? [];
  const attach = attachStatements(d1, input.row.id, references, input.now);
  const insertRow = db
    .insert(tableOf(input.kind))
    .values(
      references.length
        ? { ...input.row, name: attachedGuard(input.row.id, references.length, input.row.name) }
        : input.row,
    );
  // The artist's e-mail about it (notificationMail), after the row it names.
  const insertOutbox = queueMail(d1, {
    id: input.outboxId,
    kind: "notification",
    subjectId: input.row.id,
    topic: input.kind,
    requestId: input.kind === "consultation" ? input.row.id : null,
    now: input.now,
  });
  const remember = input.idempotency ? [db.insert(idempotencyKeys).values(input.idempotency)] : [];
  try {
    // The claims come first: the row's own insert checks that every one of them took. A claim
    // names the request before its row exists, so its foreign key is checked at the batch's end
    // (deferred for this transaction only). The rows that belong to the submission (its status
    // link) are saved or rolled back with it.
    await db.batch([
      ...(attach.length ? [db.run(sql`PRAGMA defer_foreign_keys = on`)] : []),
      ...attach,
      insertRow,
      insertOutbox,
      countAccepted(d1, input.quota),
      ...remember,
      ...(input.alongside ?? []),
    ] as [typeof insertRow, ...(typeof insertRow)[]]);
  } catch (error) {
    if (isQuotaExhausted(error)) return { saved: false, reason: "rate_limited" };
    if (isClaimLost(error)) return { saved: false, reason: "references_unavailable" };
    if (isIdempotencyConflict(error)) return { saved: false, reason: "idempotency_conflict" };
    throw error;
  }
  return { saved: true, outboxId: input.outboxId };
}

export async function findSubmission<N extends SubmissionKindName>(
  d1: D1Database,
  kind: N,
  id: string,
): Promise<SubmissionRow<N> | undefined> {
  const table = tableOf(kind);
  const [row] = await drizzle(d1).select().from(table).where(eq(table.id, id)).limit(1);
  return row as SubmissionRow<N> | undefined;
}
