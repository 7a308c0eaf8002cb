import { useEffect, useState } from "react";
import { ActionOutcome } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { type FeedAddress, type FeedState, loadFeedState, makeFeedAddress, turnOffFeed } from "./api";

/**
 * Her own calendar: a private address her calendar app subscribes to, with every session and
 * the days she is away. The address is shown once, when made (only its fingerprint is kept); a
 * new one stops the old.
 */
export function CalendarFeedPanel() {
  const [state, setState] = useState<FeedState | null>(null);
  const [address, setAddress] = useState<FeedAddress | null>(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  useEffect(() => {
    loadFeedState().then(setState).catch(failedTo("load your calendar address"));
  }, []);

  async function make() {
    if (state?.active && !window.confirm("Make a new address? The one your calendar uses now stops working."))
      return;
    await run(async () => {
      const made = await makeFeedAddress();
      setAddress(made);
      setState({ active: true, createdAt: made.createdAt });
    }, "Could not make an address");
  }

  async function turnOff() {
    if (!window.confirm("Turn the address off? Your calendar stops showing the studio's sessions.")) return;
    await run(async () => {
      await turnOffFeed();
      setAddress(null);
      setState({ active: false, createdAt: null });
      setNotice("The address is off. Remove the calendar from your calendar app too.");
    });
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setNotice("Copied.");
    } catch {
      setNotice("Select the address and copy it.");
    }
  }

  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Your calendar</h2>
      <p className="admin-muted">
        Every session (the client's first name, the design and its length) and the days you are away, in your
        phone's calendar. Moves and cancellations follow within the hour.
      </p>
      {address ? (
        <div className="calendar-feed__address">
          <p>
            <a className="button button--primary" href={address.webcalUrl}>
              Add to Apple Calendar
            </a>{" "}
            <a
              className="button button--ghost"
              href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(address.webcalUrl)}`}
              target="_blank"
              rel="noreferrer noopener"
            >
              Add to Google Calendar
            </a>
          </p>
          <div className="admin-schedule__field">
            <label htmlFor="calendar-feed-url">The address, for any other calendar app</label>
            <input
              id="calendar-feed-url"
              className="form-control"
              readOnly
              value={address.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <p className="admin-actions">
            <button type="button" className="button button--ghost" onClick={() => copy(address.url)}>
              Copy the address
            </button>
          </p>
          <p className="admin-muted">
            Keep it to yourself: anyone with it sees your sessions. It is shown only now; make a new one any
            time.
          </p>
        </div>
      ) : state?.active ? (
        <p>Your calendar address is on, made {formatDateTime(state.createdAt)}.</p>
      ) : state ? (
        <p>No calendar address yet.</p>
      ) : null}
      {state ? (
        <p className="admin-actions">
          <button type="button" className="button button--primary" onClick={make} disabled={busy}>
            {state.active ? "Make a new address" : "Make my calendar address"}
          </button>
          {state.active ? (
            <button type="button" className="button button--ghost" onClick={turnOff} disabled={busy}>
              Turn it off
            </button>
          ) : null}
        </p>
      ) : null}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
    </section>
  );
}
