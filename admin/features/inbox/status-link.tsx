import { useState } from "react";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";
import { revokeStatusLink, sendNewStatusLink } from "./api";

/**
 * A consultation request's private status page, as its card shows it: whether the client's link
 * still opens, a way to close it (a link sent to the wrong address, or a client who asks), and a
 * way to e-mail the client a new one (a lost link, one revoked by mistake, or a request from
 * before the site gave links). Both ask first: either one ends the link the client has.
 */
export function StatusLink({ id, state }: { id: string; state: "active" | "revoked" | "none" }) {
  const [current, setCurrent] = useState(state);
  const [busy, setBusy] = useState<"revoke" | "send" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function act(action: "revoke" | "send") {
    const question =
      action === "revoke"
        ? "Revoke this request's status page? The client's link will stop working for good."
        : "E-mail the client a new link to this request's status page? Any link they have now stops working.";
    if (!window.confirm(question)) return;
    setBusy(action);
    setError(null);
    setNotice(null);
    try {
      const answer = action === "revoke" ? await revokeStatusLink(id) : await sendNewStatusLink(id);
      setCurrent(answer.statusLink ?? (action === "revoke" ? "revoked" : "active"));
      setNotice(action === "revoke" ? "Link revoked." : "New link sent to the client.");
    } catch (failure) {
      const what = action === "revoke" ? "revoke" : "send a new link";
      setError(`Could not ${what}: ${failure instanceof Error ? failure.message : "unknown error"}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-status-link">
      <p>
        Client's status page: <strong>{current === "none" ? "no link sent yet" : current}</strong>
      </p>
      {current === "active" ? (
        <ActionButton look="ghost" small disabled={busy !== null} onClick={() => act("revoke")}>
          {busy === "revoke" ? "Revoking…" : "Revoke link"}
        </ActionButton>
      ) : null}
      <ActionButton look="ghost" small disabled={busy !== null} onClick={() => act("send")}>
        {busy === "send" ? "Sending…" : current === "none" ? "Send a link" : "Send a new link"}
      </ActionButton>
      <span className="admin-status-link__notice" role="status">
        {notice}
      </span>
      <Alert>{error}</Alert>
    </div>
  );
}
