import { useEffect, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";
import { useAction } from "../../lib/use-action";
import { cancelSession, loadSessionOf, markDone, type RequestSession, undoDone } from "./api";
import { SessionFee } from "./session-fee";
import { endTime, sessionTime } from "./studio-time";

const statusWords: Record<RequestSession["status"], string> = {
  booked: "Booked",
  completed: "Done",
  cancelled: "Cancelled",
};

/**
 * A consultation request's session, as its card shows it: when, and while it is booked, the
 * artist's two actions: cancel it (the client is e-mailed and keeps the deposit for a new date)
 * or, once it has begun, mark it done, which she confirms and can take back for a few minutes.
 * Nothing shows for a request that never booked.
 */
export function SessionOnCard({ id, refresh = 0 }: { id: string; refresh?: number }) {
  const [session, setSession] = useState<RequestSession | null>(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();
  const [undoUntil, setUndoUntil] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // A no-show recorded below ends the session: it is read again when a fee settles.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    loadSessionOf(id)
      .then((answer) => setSession(answer.booking))
      .catch(failedTo("load the session"));
  }, [id, refresh, reloads]);

  // The undo goes away when its time is up, and "done" appears when the session begins.
  useEffect(() => {
    const next = [undoUntil, session?.status === "booked" ? session.startsAt : null]
      .map((iso) => (iso ? Date.parse(iso) - Date.now() : Number.NaN))
      .filter((ms) => ms > 0);
    if (!next.length) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...next) + 50);
    return () => clearTimeout(timer);
  }, [undoUntil, session, now]);

  async function act(action: "cancel" | "done" | "undo") {
    if (!session) return;
    const question =
      action === "cancel"
        ? "Cancel this session? The client is e-mailed, and keeps the deposit for a new date."
        : action === "done"
          ? "Mark this session done? The client's page moves on to aftercare. You can undo it for a few minutes."
          : null;
    if (question && !window.confirm(question)) return;
    const what = action === "cancel" ? "cancel" : action === "done" ? "mark it done" : "undo";
    await run(async () => {
      if (action === "done") {
        const answer = await markDone(session.id);
        setSession({ ...session, status: answer.status });
        setUndoUntil(answer.undoUntil);
        setNotice("Marked done.");
      } else if (action === "undo") {
        const answer = await undoDone(session.id);
        setSession({ ...session, status: answer.status });
        setUndoUntil(null);
        setNotice("Undone: the session is booked again.");
      } else {
        const answer = await cancelSession(session.id);
        setSession({ ...session, status: answer.status });
      }
    }, `Could not ${what}`);
  }

  if (!session && !error) return null;
  const begun = session ? Date.parse(session.startsAt) <= now : false;
  const canUndo = session?.status === "completed" && undoUntil !== null && Date.parse(undoUntil) > now;
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
          {begun ? (
            <ActionButton look="primary" small disabled={busy} onClick={() => act("done")}>
              Mark session done
            </ActionButton>
          ) : (
            <span className="admin-muted">It can be marked done once it has begun.</span>
          )}
          <ActionButton look="ghost" small disabled={busy} onClick={() => act("cancel")}>
            Cancel session
          </ActionButton>
        </div>
      ) : null}
      <p className="admin-session__notice" role="status">
        {notice}
        {canUndo ? (
          <>
            {" "}
            <ActionButton look="ghost" small disabled={busy} onClick={() => act("undo")}>
              Undo
            </ActionButton>
          </>
        ) : null}
      </p>
      <Alert>{error}</Alert>
      {session ? (
        <SessionFee
          id={id}
          refresh={`${refresh}-${session.status}`}
          onSettled={() => setReloads((n) => n + 1)}
        />
      ) : null}
    </div>
  );
}
