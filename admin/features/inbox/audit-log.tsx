import { useEffect, useState } from "react";
import { formatDateTime } from "../../lib/format";
import { type AuditEntry, recentChanges } from "./api";

/** Who changed what in the inbox, most recent first; reloaded whenever `version` moves. */
export function AuditLog({ version }: { version: number }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void version;
    recentChanges()
      .then(setEntries)
      .catch((e) => setError(e instanceof Error ? e.message : "Could not load the activity log."));
  }, [version]);
  return (
    <section className="admin-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Activity log</h2>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {entries && entries.length === 0 ? <p className="admin-muted">No changes recorded yet.</p> : null}
      {entries && entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">The 25 most recent changes</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Item</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{entry.adminEmail}</td>
                  <td>
                    {entry.entity === "consultation" ? "Request" : "Message"} {entry.entityId.slice(0, 8)}
                  </td>
                  <td>{describeChange(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function describeChange(entry: AuditEntry): string {
  if (entry.action === "status") return `Status ${entry.fromValue ?? "—"} → ${entry.toValue ?? "—"}`;
  return entry.toValue ? "Notes updated" : "Notes cleared";
}
