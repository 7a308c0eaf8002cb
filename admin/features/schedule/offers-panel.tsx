import { useEffect, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { ActionOutcome } from "../../components/alert";
import { useAction } from "../../lib/use-action";
import { loadOffers, type OfferMode, type OffersState, saveOfferMode, sendOffer } from "./api";
import { endTime, sessionTime } from "./studio-time";

const modes: { value: OfferMode; label: string; hint: string }[] = [
  {
    value: "auto",
    label: "Offer at once",
    hint: "A cancelled or moved session's time goes to the waiting clients it suits, by e-mail or their texts; the first to take it has it.",
  },
  {
    value: "approve",
    label: "Let me approve each",
    hint: "The freed time waits here with who would get it, until you send it.",
  },
  { value: "off", label: "Off", hint: "Freed times are not offered; clients cannot ask to hear of one." },
];

/**
 * Freed-slot offers (docs/decisions/039-freed-slot-offers.md): whether a freed time is offered to
 * the clients waiting for a sooner one, and, when she approves each, the times waiting for her.
 */
export function OffersPanel() {
  const [state, setState] = useState<OffersState | null>(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  useEffect(() => {
    loadOffers().then(setState).catch(failedTo("load the offers"));
  }, []);

  async function choose(mode: OfferMode) {
    const before = state;
    // The choice shows at once; a refused save puts the saved one back.
    setState((current) => (current ? { ...current, mode } : current));
    const saved = await run(async () => {
      setState(await saveOfferMode(mode));
      setNotice("Saved.");
    }, "Could not save");
    if (!saved) setState(before);
  }

  async function send(id: string) {
    await run(async () => {
      await sendOffer(id);
      setState(await loadOffers());
      setNotice("Offer sent.");
    }, "Could not send");
  }

  return (
    <section className="admin-offers" aria-labelledby="admin-offers-title">
      <h2 id="admin-offers-title">Freed times</h2>
      <p className="admin-muted">
        Clients with an accepted quote can ask, on their request's page, to hear of a sooner time.
      </p>
      {state ? (
        <fieldset className="admin-offers__modes" disabled={busy}>
          <legend>When a session is cancelled or moved</legend>
          {modes.map((mode) => (
            <label key={mode.value} className="admin-offers__mode">
              <input
                type="radio"
                name="offer-mode"
                value={mode.value}
                checked={state.mode === mode.value}
                onChange={() => choose(mode.value)}
              />
              <span>
                <strong>{mode.label}</strong>
                <span className="admin-muted">{mode.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {state && (state.mode === "approve" || state.awaiting.length > 0) ? (
        <>
          <h3>Waiting for you</h3>
          {state.awaiting.length === 0 ? (
            <p>No freed time is waiting.</p>
          ) : (
            <ul className="admin-schedule__list">
              {state.awaiting.map((slot) => (
                <li key={slot.id}>
                  <span>
                    <strong>
                      {sessionTime(slot.startsAt)} to {endTime(slot.endsAt)}
                    </strong>
                    <br />
                    <span className="admin-muted">
                      Would go to {slot.clients.map((client) => client.name).join(", ") || "nobody now"}
                    </span>
                  </span>
                  <ActionButton
                    look="primary"
                    small
                    disabled={busy || slot.clients.length === 0}
                    onClick={() => send(slot.id)}
                  >
                    Send the offer
                  </ActionButton>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-muted" />
    </section>
  );
}
