import { useEffect, useState } from "react";
import { submissionKind } from "../../../shared/submission-kinds";
import { Alert } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { timeAgo } from "../../lib/relative-time";
import { type AuditEntry, recentChanges } from "./api";
import { statusLabel } from "./kinds";

/** Who changed what in the inbox, most recent first, in plain words; reloaded whenever `version` moves. */
export function AuditLog({ version }: { version: number }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void version;
    recentChanges()
      .then((items) => {
        setEntries(items);
        setError(null);
      })
      .catch((e) => setError(e instanceof Error ? e.message : "Could not load the activity log."));
  }, [version]);
  return (
    <section className="admin-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Activity log</h2>
      <Alert>{error}</Alert>
      {entries && entries.length === 0 ? <p className="admin-muted">No changes recorded yet.</p> : null}
      {entries && entries.length > 0 ? (
        <ol className="admin-activity" aria-label="The 25 most recent changes">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span>{describe(entry)}</span>{" "}
              <span className="admin-muted">
                <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
                  {timeAgo(entry.createdAt)}
                </time>{" "}
                by {entry.adminEmail}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/**
 * "Marked Ana Ruiz's consultation as Contacted", "Added a note to Sam Ortiz's contact message",
 * "Revoked the status page of Ana Ruiz's consultation", "Sent a new status page link for ...".
 */
function describe(entry: AuditEntry): string {
  const noun = entry.entity === "consultation" ? "consultation" : submissionKind(entry.entity).label;
  const whose = entry.subject ? `${entry.subject}'s ${noun}` : `a ${noun} since removed`;
  if (entry.action === "release_form_view") return `Opened the signed release form of ${whose}`;
  if (entry.action === "release_form_export") return "Exported the procedure records for a health inspector";
  if (entry.action === "status_link") {
    return entry.toValue === "revoked"
      ? `Revoked the status page of ${whose}`
      : `Sent a new status page link for ${whose}`;
  }
  if (entry.action === "message") return `Wrote to the client of ${whose}`;
  if (entry.action === "quote") return `Sent a quote on ${whose}: ${entry.toValue ?? ""}`;
  if (entry.action === "deposit") return `Marked the deposit received on ${whose}`;
  if (entry.action === "status") return `Marked ${whose} as ${statusLabel(entry.toValue ?? "")}`;
  if (entry.action === "booking") {
    if (entry.toValue === "completed") return `Marked the session of ${whose} done`;
    if (entry.toValue === "cancelled") return `Cancelled the session of ${whose}`;
    return `Took back "done" on the session of ${whose}`;
  }
  if (!entry.toValue) return `Cleared the note on ${whose}`;
  return entry.fromValue ? `Changed the note on ${whose}` : `Added a note to ${whose}`;
}
