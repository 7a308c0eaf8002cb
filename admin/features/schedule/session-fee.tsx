import { useEffect, useState } from "react";
import { formatUsd } from "../../../shared/money";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";
import { ModalDialog } from "../../components/modal-dialog";
import { useAction } from "../../lib/use-action";
import { chargeSessionFee, loadSessionFee, type SessionFeeKind, type SessionFeeState } from "./api";
import { sessionTime } from "./studio-time";

const kindWords: Record<SessionFeeKind, { name: string; action: string; record: string }> = {
  "no-show": { name: "no-show fee", action: "Mark no-show", record: "Mark no-show" },
  "late-cancellation": {
    name: "late-cancellation fee",
    action: "Charge late-cancellation fee",
    record: "Record late cancellation",
  },
};

type Card = NonNullable<SessionFeeState["card"]>;
const cardWords = (card: Card) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;

/**
 * The session's no-show or late-cancellation fee (docs/decisions/038-card-on-file.md), under the
 * session on a request's card: the card on file, then the one action the session can take now,
 * confirmed in a dialog that names the client and the amount before anything is charged. A
 * declined charge stays on the card with Stripe's reason, and can be tried again.
 */
export function SessionFee({
  id,
  refresh,
  onSettled,
}: {
  id: string;
  refresh: string;
  /** The session may have changed (a no-show ends it): the card reads it again. */
  onSettled(): void;
}) {
  const [state, setState] = useState<SessionFeeState | null>(null);
  const [asking, setAsking] = useState<SessionFeeKind | null>(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  useEffect(() => {
    loadSessionFee(id).then(setState).catch(failedTo("load the session's fee"));
  }, [id, refresh]);

  if (!state?.session) return error ? <Alert>{error}</Alert> : null;
  const { session, card, fee } = state;
  const open = state.terms.filter((terms) => terms.allowed);
  // A failed charge, or one left unfinished, may be tried again: the server refuses one still running.
  const retry =
    fee?.status === "failed" || fee?.status === "charging"
      ? state.terms.find((terms) => terms.kind === fee.kind)
      : null;
  const offered = fee ? (retry ? [{ ...retry, amountCents: fee.amountCents }] : []) : open;
  if (!state.cardOnFile && !fee && !offered.length) return null;
  const asked = offered.find((terms) => terms.kind === asking) ?? null;

  async function charge(kind: SessionFeeKind, amountCents: number) {
    await run(async () => {
      const answer = await chargeSessionFee(session?.id ?? "", kind, amountCents);
      setNotice(
        answer.fee.status === "charged"
          ? `Charged: ${formatUsd(answer.fee.amountCents)} ${kindWords[kind].name}. The client is e-mailed the receipt.`
          : `Recorded: ${kindWords[kind].name.replace(" fee", "")}. No card is on file, so nothing was charged.`,
      );
    }, "Not charged");
    // Charged or refused, the session may have changed: the card and this panel read it again.
    setAsking(null);
    onSettled();
    loadSessionFee(id)
      .then(setState)
      .catch(() => {});
  }

  return (
    <div className="admin-fee">
      {state.cardOnFile ? (
        <p className="admin-fee__card">
          {card ? (
            <>
              Card on file: <strong>{cardWords(card)}</strong>
            </>
          ) : (
            "No card on file."
          )}
        </p>
      ) : null}
      {fee ? (
        <p className={`admin-fee__status admin-fee__status--${fee.status}`}>
          {fee.status === "charged"
            ? `${formatUsd(fee.amountCents)} ${kindWords[fee.kind].name} charged${fee.chargedAt ? ` on ${sessionTime(fee.chargedAt)}` : ""}.`
            : fee.status === "failed"
              ? `${formatUsd(fee.amountCents)} ${kindWords[fee.kind].name} not charged: ${fee.failureMessage ?? "the charge failed."}`
              : fee.status === "not-charged"
                ? `${fee.kind === "no-show" ? "No-show" : "Late cancellation"} recorded; no card on file, nothing charged.`
                : "The charge was not finished: try it again (it is never charged twice)."}
        </p>
      ) : null}
      {offered.length ? (
        <div className="admin-session__actions">
          {offered.map((terms) => (
            <ActionButton
              key={terms.kind}
              look="ghost"
              small
              disabled={busy}
              onClick={() => setAsking(terms.kind)}
            >
              {fee
                ? `Try the ${formatUsd(terms.amountCents)} charge again`
                : card
                  ? `${kindWords[terms.kind].action}: charge ${formatUsd(terms.amountCents)}`
                  : `${kindWords[terms.kind].record} (no card to charge)`}
            </ActionButton>
          ))}
        </div>
      ) : null}
      <p className="admin-fee__notice" role="status">
        {notice}
      </p>
      <Alert>{error}</Alert>
      <ModalDialog
        open={asked !== null}
        id="session-fee"
        title={
          asked
            ? card
              ? `Charge the ${kindWords[asked.kind].name}?`
              : `Record the ${asked.kind === "no-show" ? "no-show" : "late cancellation"}?`
            : ""
        }
        text={
          asked ? (
            card ? (
              <>
                Charge <strong>{formatUsd(asked.amountCents)}</strong> to <strong>{state.name}</strong>'s{" "}
                {cardWords(card)}, for the {asked.kind === "no-show" ? "missed" : "late-cancelled"} session of{" "}
                {sessionTime(session.startsAt)}.
                {asked.kind === "no-show" && !fee ? " The session ends and the deposit is forfeited." : ""} A
                fee is charged once per session, and the client is e-mailed the receipt.
              </>
            ) : (
              <>
                Record <strong>{state.name}</strong>'s session of {sessionTime(session.startsAt)} as a{" "}
                {asked.kind === "no-show" ? "no-show" : "late cancellation"}? No card is on file, so nothing
                is charged.
                {asked.kind === "no-show" ? " The session ends and the deposit is forfeited." : ""}
              </>
            )
          ) : null
        }
        onDismiss={() => setAsking(null)}
      >
        <div className="admin-actions">
          <ActionButton
            look="primary"
            disabled={busy}
            onClick={() => asked && void charge(asked.kind, asked.amountCents)}
          >
            {asked && card ? `Charge ${formatUsd(asked.amountCents)}` : "Record it"}
          </ActionButton>
          <ActionButton look="ghost" disabled={busy} onClick={() => setAsking(null)}>
            Not now
          </ActionButton>
        </div>
      </ModalDialog>
    </div>
  );
}
