import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { why } from "../../lib/use-action";
import { loadTextsOf, type RequestTexts } from "./api";

const optInWords: Record<string, string> = {
  on: "Text reminders on",
  pending: "Waiting for the client's code",
  off: "Texts off",
};

const offWords: Record<string, string> = {
  stop: "they replied STOP",
  page: "turned off on their page",
  undeliverable: "the number could not be reached; reminders go by e-mail",
};

const kindWords: Record<string, string> = {
  code: "Code",
  reminder: "Reminder",
  stop: "STOP",
  start: "START",
  help: "HELP",
  other: "Reply (words not kept)",
};

/**
 * A request's texts on its card: whether the client has text reminders on (the number's last
 * four digits only), and each text in and out, newest first, folded away until opened. Nothing
 * shows for a client who never gave a number.
 */
export function TextsOnCard({ id, refresh = 0 }: { id: string; refresh?: number }) {
  const [texts, setTexts] = useState<RequestTexts | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadTextsOf(id)
      .then(setTexts)
      .catch((failure) => setError(`Could not load the texts: ${why(failure)}`));
  }, [id, refresh]);

  if (error) return <Alert>{error}</Alert>;
  if (!texts?.optIn && !texts?.messages.length) return null;
  const { optIn, messages } = texts;
  return (
    <details className="admin-texts">
      <summary>
        Texts{optIn ? ` · ${optInWords[optIn.status] ?? optIn.status} (…${optIn.last4})` : ""}
        {optIn?.status === "off" && optIn.offReason
          ? `: ${offWords[optIn.offReason] ?? optIn.offReason}`
          : ""}
      </summary>
      <ol className="admin-texts__log">
        {messages.map((text) => (
          <li key={text.id}>
            <span className="admin-texts__meta">
              {formatDateTime(
                text.status === "queued" || text.status === "retry" ? text.sendAt : text.createdAt,
              )}{" "}
              · {text.direction === "in" ? "From client" : "To client"} · {kindWords[text.kind] ?? text.kind}{" "}
              ·{" "}
              <span className={`admin-texts__status admin-texts__status--${text.status}`}>{text.status}</span>
            </span>
            {text.body ? <span className="admin-texts__body">{text.body}</span> : null}
            {text.error && text.status !== "sent" ? <span className="admin-muted">{text.error}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
