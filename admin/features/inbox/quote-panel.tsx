import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { formatDuration, formatPriceRange, formatUsd } from "../../../shared/money";
import {
  maxQuoteNoteChars,
  minimumDepositDollars,
  sessionMinutesRange,
} from "../../../shared/schemas/quotes";
import { ActionButton } from "../../components/action-button";
import { ActionOutcome } from "../../components/alert";
import { ApiFailure } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { loadQuote, markDepositReceived, type QuoteState, sendQuote } from "./api";

/** Fired on window with the request's id once a quote is sent (the conversation then reloads). */
export const QUOTE_SENT_EVENT = "admin:quote-sent";

/** The lengths a session is booked in: every half hour from the shortest to the longest. */
const lengths = Array.from(
  { length: (sessionMinutesRange.max - sessionMinutesRange.min) / 30 + 1 },
  (_, i) => sessionMinutesRange.min + i * 30,
);

type Draft = {
  priceFrom: string;
  priceTo: string;
  sessions: string;
  sessionMinutes: string;
  deposit: string;
  note: string;
};

const emptyDraft: Draft = {
  priceFrom: "",
  priceTo: "",
  sessions: "1",
  sessionMinutes: "240",
  deposit: "",
  note: "",
};

/** A typed number, or undefined for blank (the server names what is missing or wrong). */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

function quoteStatus(state: QuoteState): string {
  const { quote, deposit } = state;
  if (!quote) return "";
  if (deposit) {
    const how = deposit.method === "stripe" ? "paid by card" : "received by hand";
    return `Deposit ${formatUsd(deposit.amountCents)} ${how}${deposit.paidAt ? `, ${formatDateTime(deposit.paidAt)}` : ""}`;
  }
  return quote.status === "accepted"
    ? `Accepted ${formatDateTime(quote.acceptedAt)}, deposit not paid yet`
    : `Sent ${formatDateTime(quote.createdAt)}, waiting for the client`;
}

/**
 * The quote on a consultation request's card: the quote sent and where it stands (sent,
 * accepted, deposit paid), the form for a new one (which replaces it), and "Mark deposit
 * received" for a deposit paid in cash or when no card payments are set up.
 */
export function QuotePanel({ id, refresh = 0 }: { id: string; refresh?: number }) {
  const formId = useId();
  const [state, setState] = useState<QuoteState | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [open, setOpen] = useState(false);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();
  const [fields, setFields] = useState<Record<string, string>>({});
  // A cash deposit on a quote with no date of birth: the artist reads it from the client's ID.
  const [askBorn, setAskBorn] = useState(false);
  const [bornOn, setBornOn] = useState("");

  useEffect(() => {
    loadQuote(id)
      .then((loaded) => {
        setState(loaded);
        // A deposit the artist is typing is kept when the card reads the quote again.
        setDraft((d) => (d.deposit ? d : { ...d, deposit: String(loaded.policyDepositCents / 100) }));
      })
      .catch(failedTo("load the quote"));
  }, [id, refresh]);

  const set = (name: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [name]: event.target.value }));
    // A field's message goes once it is changed; the server judges it again on the next send.
    setFields(({ [name]: _fixed, ...rest }) => rest);
  };

  /** Runs one of the panel's actions; a failure also marks the fields the server named. */
  async function act(failureText: string, action: () => Promise<void>) {
    setFields({});
    await run(action, failureText, (failure) => failure instanceof ApiFailure && setFields(failure.fields));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await act("Could not send the quote", async () => {
      await sendQuote(id, {
        priceFrom: numberOf(draft.priceFrom) as number,
        priceTo: numberOf(draft.priceTo) ?? null,
        sessions: numberOf(draft.sessions) as number,
        sessionMinutes: Number(draft.sessionMinutes),
        deposit: numberOf(draft.deposit) ?? null,
        note: draft.note,
      });
      setState(await loadQuote(id));
      window.dispatchEvent(new CustomEvent(QUOTE_SENT_EVENT, { detail: id }));
      setOpen(false);
      setNotice("Quote sent. It is in the conversation, and the client is e-mailed the link to accept it.");
    });
  }

  async function markReceived() {
    if (state?.quote && !state.quote.birthDateGiven && !askBorn) {
      setAskBorn(true);
      return;
    }
    if (askBorn && !bornOn) {
      setFields({ clientBornOn: "Enter the client's date of birth from their ID" });
      return;
    }
    if (!window.confirm("Mark the deposit as received in cash? The client's page will show it paid.")) return;
    await act("Could not mark the deposit", async () => {
      await markDepositReceived(id, askBorn ? bornOn : undefined);
      setState(await loadQuote(id));
      setAskBorn(false);
      setNotice("Deposit marked as received.");
    });
  }

  const field = (
    name: keyof Draft,
    label: string,
    input: (props: FieldProps) => ReactNode,
    hint?: string,
  ) => {
    const inputId = `${formId}-${name}`;
    const problem = fields[name];
    return (
      <div className="admin-quote__field">
        <label htmlFor={inputId}>
          {label}
          {hint ? <span className="admin-muted"> {hint}</span> : null}
        </label>
        {input({
          id: inputId,
          className: "form-control",
          value: draft[name],
          onChange: set(name),
          "aria-invalid": problem ? true : undefined,
          "aria-describedby": problem ? `${inputId}-error` : undefined,
        })}
        {problem ? (
          <p id={`${inputId}-error`} className="admin-quote__error">
            {problem}
          </p>
        ) : null}
      </div>
    );
  };

  const quote = state?.quote;
  return (
    <section className="admin-quote" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>Quote and deposit</h3>
      {quote ? (
        <div className="admin-quote__current">
          <p className="admin-quote__terms">
            <strong>{formatPriceRange(quote.priceMinCents, quote.priceMaxCents)}</strong> ·{" "}
            {quote.sessions === 1 ? "1 session" : `${quote.sessions} sessions`} of{" "}
            {formatDuration(quote.sessionMinutes)} · deposit {formatUsd(quote.depositCents)}
          </p>
          <p className="admin-muted">{state ? quoteStatus(state) : null}</p>
        </div>
      ) : state ? (
        <p className="admin-muted">No quote sent yet.</p>
      ) : null}
      {/* The form waits for the policy's deposit, its default. */}
      {state ? (
        <div className="admin-quote__actions">
          <ActionButton look="primary" small aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Close the quote form" : quote ? "Send a new quote" : "Send a quote"}
          </ActionButton>
          {quote && state && !state.deposit && !askBorn ? (
            <ActionButton look="ghost" small disabled={busy} onClick={markReceived}>
              Mark deposit received
            </ActionButton>
          ) : null}
        </div>
      ) : null}
      {askBorn && quote && state && !state.deposit ? (
        <div className="admin-quote__field admin-quote__born">
          <label htmlFor={`${formId}-born`}>
            Client's date of birth{" "}
            <span className="admin-muted">(from their ID: the studio takes no deposit under 18)</span>
          </label>
          <input
            id={`${formId}-born`}
            className="form-control"
            type="date"
            value={bornOn}
            onChange={(event) => {
              setBornOn(event.target.value);
              setFields(({ clientBornOn: _fixed, ...rest }) => rest);
            }}
            aria-invalid={fields.clientBornOn ? true : undefined}
            aria-describedby={fields.clientBornOn ? `${formId}-born-error` : undefined}
          />
          {fields.clientBornOn ? (
            <p id={`${formId}-born-error`} className="admin-quote__error">
              {fields.clientBornOn}
            </p>
          ) : null}
          <div className="admin-quote__actions">
            <ActionButton look="primary" small disabled={busy} onClick={markReceived}>
              Confirm deposit received
            </ActionButton>
            <ActionButton look="ghost" small onClick={() => setAskBorn(false)}>
              Cancel
            </ActionButton>
          </div>
        </div>
      ) : null}
      {state && !state.onlinePayments && quote && !state.deposit ? (
        <p className="admin-muted">
          Card payments are not set up: the client is asked to pay the deposit in cash at the studio.
        </p>
      ) : null}
      {open ? (
        <form className="admin-quote__form" onSubmit={submit} noValidate>
          <div className="auto-grid">
            {field("priceFrom", "Price ($)", (p) => (
              <input {...p} type="number" inputMode="numeric" min={1} required />
            ))}
            {field(
              "priceTo",
              "Up to ($)",
              (p) => (
                <input {...p} type="number" inputMode="numeric" min={1} />
              ),
              "(for a range)",
            )}
          </div>
          <div className="auto-grid">
            {field("sessions", "Sessions", (p) => (
              <input {...p} type="number" inputMode="numeric" min={1} max={20} required />
            ))}
            {field("sessionMinutes", "Each session", (p) => (
              <select {...p}>
                {lengths.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {formatDuration(minutes)}
                  </option>
                ))}
              </select>
            ))}
            {field(
              "deposit",
              "Deposit ($)",
              (p) => (
                <input {...p} type="number" inputMode="numeric" min={minimumDepositDollars} required />
              ),
              `(at least $${minimumDepositDollars})`,
            )}
          </div>
          {field(
            "note",
            "Note to the client",
            (p) => (
              <textarea {...p} rows={3} maxLength={maxQuoteNoteChars} />
            ),
            "(optional)",
          )}
          <div className="admin-quote__actions">
            <button type="submit" className="button button--primary button--small" disabled={busy}>
              {busy ? "Sending…" : quote ? "Send the new quote" : "Send the quote"}
            </button>
          </div>
        </form>
      ) : null}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-quote__notice" />
    </section>
  );
}

interface FieldProps {
  id: string;
  className: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}
