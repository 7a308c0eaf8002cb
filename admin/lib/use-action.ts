import { useState } from "react";

/** Why a call failed, in the words its error carries. */
export const why = (failure: unknown) => (failure instanceof Error ? failure.message : "unknown error");

/**
 * The state every admin panel keeps around the artist's actions: busy while one runs (its
 * buttons disabled, so a double tap does not send twice), and the outcome of the last one, an
 * error or a notice, for `<ActionOutcome>`. `run` clears the last outcome, runs the action and
 * turns a failure into the error, prefixed with what could not be done (`onFailure` reads
 * what else the failure carries, such as the fields the server named); it answers whether the
 * action went through, for a panel that must put an optimistic change back.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(
    action: () => Promise<void>,
    failed?: string,
    onFailure?: (failure: unknown) => void,
  ): Promise<boolean> {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      return true;
    } catch (failure) {
      onFailure?.(failure);
      setError(failed ? `${failed}: ${why(failure)}` : why(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A promise's failure, such as a panel's first load, as the error: "Could not <what>: <why>". */
  const failedTo = (what: string) => (failure: unknown) => setError(`Could not ${what}: ${why(failure)}`);

  return { busy, error, notice, setError, setNotice, run, failedTo };
}
