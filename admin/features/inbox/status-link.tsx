import { useState } from "react";
import { revokeStatusLink } from "./api";

/**
 * A consultation request's private status page, as its card shows it: whether the client's link
 * still opens, and a way to close it for good (a link sent to the wrong address, or a client who
 * asks). Revoking asks first: a revoked link cannot be opened again.
 */
export function StatusLink({ id, state }: { id: string; state: "active" | "revoked" }) {
  const [current, setCurrent] = useState(state);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    if (!window.confirm("Revoke this request's status page? The client's link will stop working for good.")) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await revokeStatusLink(id);
      setCurrent(answer.statusLink ?? "revoked");
    } catch (failure) {
      setError(`Could not revoke: ${failure instanceof Error ? failure.message : "unknown error"}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-status-link">
      <p>
        Client's status page: <strong>{current === "active" ? "active" : "revoked"}</strong>
      </p>
      {current === "active" ? (
        <button type="button" className="button button--ghost button--small" disabled={busy} onClick={revoke}>
          {busy ? "Revoking…" : "Revoke link"}
        </button>
      ) : null}
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
