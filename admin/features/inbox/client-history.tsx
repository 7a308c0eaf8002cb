import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { formatPriceRange, formatUsd } from "../../../shared/money";
import { ActionOutcome } from "../../components/alert";
import { useAction } from "../../lib/use-action";
import { sessionTime } from "../schedule";
import { type ClientHistory as History, loadClientHistory, mergeClientAddress } from "./api";

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
const cardOf = (id: string, kind = "") =>
  `/admin/consultations?${kind}id=${encodeURIComponent(id)}&open=${encodeURIComponent(id)}`;

const sessionWords: Record<string, string> = {
  booked: "booked",
  completed: "done",
  cancelled: "cancelled",
};

/**
 * The client behind a request, over time: their other requests (quote, deposit, sessions and
 * her notes), their contact messages, and a second address to merge in. Loaded when opened.
 */
export function ClientHistory({ id }: { id: string }) {
  const fieldId = useId();
  const [history, setHistory] = useState<History | null>(null);
  const [email, setEmail] = useState("");
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  function load() {
    if (history) return;
    loadClientHistory(id).then(setHistory).catch(failedTo("load the client's history"));
  }

  async function merge(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      setHistory(await mergeClientAddress(id, email.trim()));
      setNotice(`${email.trim()} is now part of this client's history.`);
      setEmail("");
    });
  }

  const others = history?.requests.filter((request) => !request.current) ?? [];
  return (
    <details className="admin-history" onToggle={(event) => event.currentTarget.open && load()}>
      <summary>Client history</summary>
      {history ? (
        <div className="admin-history__body">
          <p className="admin-muted">
            {history.emails.join(", ")} · {history.requests.length}{" "}
            {history.requests.length === 1 ? "request" : "requests"}, {history.messages.length}{" "}
            {history.messages.length === 1 ? "message" : "messages"}
          </p>
          {others.length === 0 && history.messages.length === 0 ? (
            <p>This is the client's first request.</p>
          ) : null}
          <ul className="admin-history__list">
            {others.map((request) => (
              <li key={request.id}>
                <Link to={cardOf(request.id)}>Request of {day(request.createdAt)}</Link>
                {request.tattooIdea ? <span>: {request.tattooIdea.slice(0, 80)}</span> : null}
                <span className="admin-muted">
                  {" · "}
                  {request.quoteStatus && request.priceMinCents !== null && request.priceMaxCents !== null
                    ? `quote ${formatPriceRange(request.priceMinCents, request.priceMaxCents)} (${request.quoteStatus})`
                    : "no quote"}
                  {request.depositStatus && request.depositCents !== null
                    ? ` · deposit ${formatUsd(request.depositCents)} ${request.depositStatus}`
                    : ""}
                  {request.messages ? ` · ${request.messages} messages` : ""}
                </span>
                {request.sessions.length ? (
                  <ul>
                    {request.sessions.map((session) => (
                      <li key={session.startsAt}>
                        Session {sessionTime(session.startsAt)}:{" "}
                        {sessionWords[session.status] ?? session.status}
                        {session.cancelledBy === "client" ? " by the client" : ""}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {request.adminNotes ? (
                  <p className="admin-history__note">Your note: {request.adminNotes}</p>
                ) : null}
              </li>
            ))}
            {history.messages.map((message) => (
              <li key={message.id}>
                <Link to={cardOf(message.id, "kind=contacts&")}>Message of {day(message.createdAt)}</Link>
                {message.message ? <span>: {message.message.slice(0, 80)}</span> : null}
              </li>
            ))}
          </ul>
          <form className="admin-schedule__form" onSubmit={merge}>
            <div className="admin-schedule__field">
              <label htmlFor={fieldId}>Another address of this client</label>
              <input
                id={fieldId}
                className="form-control"
                type="email"
                required
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <button
              type="submit"
              className="button button--ghost button--small"
              disabled={busy || !email.trim()}
            >
              Add to this history
            </button>
          </form>
        </div>
      ) : null}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-history__notice" />
    </details>
  );
}
