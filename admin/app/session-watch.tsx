import { useEffect, useState } from "react";
import { Alert } from "../components/alert";
import { ModalDialog } from "../components/modal-dialog";
import { api, client } from "../lib/api";
import { useAuth } from "./auth";

/** How long before the session ends the artist is asked whether to stay. */
const WARN_MS = 2 * 60 * 1000;

const clock = (at: number) =>
  new Date(at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/**
 * The server ends a session after a spell without requests. This keeps the screen honest about
 * it: a warning shortly before, with a way to stay signed in (any request slides the window),
 * and at the end one more question to the server, whose 401 sends the screen to the sign-in page
 * with a message. If another tab kept the session alive, the answer moves the end instead.
 */
export function SessionWatch({ onSignOut }: { onSignOut(): void }) {
  const { endsAt } = useAuth();
  const [warning, setWarning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Passkey sign-in answers without the session's end: ask for it once.
  useEffect(() => {
    if (endsAt === null) void api(client.api.admin.session.$get()).catch(() => {});
  }, [endsAt]);

  const [checks, setChecks] = useState(0);
  useEffect(() => {
    void checks;
    if (endsAt === null) return;
    const now = Date.now();
    setWarning(endsAt - now <= WARN_MS);
    const warn = setTimeout(() => setWarning(true), Math.max(0, endsAt - WARN_MS - now));
    // A moment past the end, so the server agrees it has passed; never more than once a second
    // should this browser's clock run ahead of the server's.
    const end = setTimeout(
      () =>
        void api(client.api.admin.session.$get())
          .catch(() => {})
          .finally(() => setChecks((n) => n + 1)),
      Math.max(1000, endsAt - now + 1000),
    );
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [endsAt, checks]);

  async function stay() {
    setError(null);
    try {
      await api(client.api.admin.session.$get());
      setWarning(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not reach the server.");
    }
  }

  return (
    <ModalDialog
      open={warning}
      id="session-warning"
      title="Still there?"
      text={
        <>
          For safety you will be signed out at {endsAt ? clock(endsAt) : "any moment"} unless you continue.
          Notes you are typing are kept either way.
        </>
      }
      // Escape means "not now": the same as staying.
      onDismiss={() => void stay()}
    >
      <Alert>{error}</Alert>
      <div className="admin-actions">
        <button type="button" className="button button--primary" onClick={stay}>
          Stay signed in
        </button>
        <button type="button" className="button button--ghost" onClick={onSignOut}>
          Sign out now
        </button>
      </div>
    </ModalDialog>
  );
}
