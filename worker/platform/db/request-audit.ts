import type { auditLog } from "./schema";

/** The admin who made a change, as the audit log names them. */
export interface AuditActor {
  id: string;
  email: string;
}

/**
 * The audit log's row for an admin's change to a consultation request: what was done (`action`),
 * what it changed to (and from, where the log says), and when (the database's clock when `at`
 * is not given). The caller inserts it in the batch that makes the change, so the log never
 * tells of a change that did not happen.
 */
export function requestAuditEntry(
  actor: AuditActor,
  submissionId: string,
  change: { action: string; fromValue?: string | null; toValue: string; at?: string },
): typeof auditLog.$inferInsert {
  return {
    adminId: actor.id,
    adminEmail: actor.email,
    entity: "consultation",
    entityId: submissionId,
    action: change.action,
    fromValue: change.fromValue,
    toValue: change.toValue,
    createdAt: change.at,
  };
}
