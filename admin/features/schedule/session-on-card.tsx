import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { cancelSession, loadSessionOf, markDone, type RequestSession } from "./api";
import { endTime, sessionTime } from "./studio-time";

const why = (failure: unknown) => (failure instanceof Error ? failure.message : "unknown error");

const statusWords: Record<RequestSession["status"], string> = {
  booked: "Booked",
  completed: "Done",
  cancelled: "Cancelled",
};

/**
 * A consultation request's session, as its card shows it: when, and while it is booked, the
 * artist's two actions: cancel it (the client is e-mailed and keeps the deposit for a new date)
 * or mark it done once it took place. Nothing shows for a request that never booked.
 */
export function SessionOnCard({ id }: { id: string }) {
  const [session, setSession] = useState<RequestSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadSessionOf(id)
      .then((answer) => setSession(answer.booking))
      .catch((failure) => setError(`Could not load the session: ${why(failure)}`));
  }, [id]);

  async function act(action: "cancel" | "done") {
    if (!session) return;
    if (
      action === "cancel" &&
      !window.confirm("Cancel this session? The client is e-mailed, and keeps the deposit for a new date.")
    )
      return;
    setBusy(true);
    setError(null);
    try {
      const answer = action === "cancel" ? await cancelSession(session.id) : await markDone(session.id);
      setSession({ ...session, status: answer.status });
    } catch (failure) {
      setError(`Could not ${action === "cancel" ? "cancel" : "mark it done"}: ${why(failure)}`);
    } finally {
      setBusy(false);
    }
  }

  if (!session && !error) return null;
  return (
    <div className="admin-session">
      {session ? (
        <p>
          Session: <strong>{sessionTime(session.startsAt)}</strong> to {endTime(session.endsAt)} ·{" "}
          <span className={`admin-session__status admin-session__status--${session.status}`}>
            {statusWords[session.status]}
          </span>
        </p>
      ) : null}
      {session?.status === "booked" ? (
        <div className="admin-session__actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => act("done")}
          >
            Mark session done
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy}
            onClick={() => act("cancel")}
          >
            Cancel session
          </button>
        </div>
      ) : null}
      <Alert>{error}</Alert>
    </div>
  );
}
