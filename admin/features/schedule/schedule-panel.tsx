import { type FormEvent, useEffect, useId, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";
import { useAction } from "../../lib/use-action";
import {
  type BlockedDay,
  blockDay,
  loadBlockedDays,
  loadUpcoming,
  type UpcomingSession,
  unblockDay,
} from "./api";
import { endTime, sessionTime } from "./studio-time";

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));

/**
 * The artist's schedule: the sessions clients booked, soonest first (each opens its request),
 * and the days she is away, which the booking calendar never offers.
 */
export function SchedulePanel() {
  const dateId = useId();
  const noteId = useId();
  const [sessions, setSessions] = useState<UpcomingSession[] | null>(null);
  const [days, setDays] = useState<BlockedDay[]>([]);
  const [date, setDate] = useState("");
  const [note, setNote] = useState("");
  const { busy, error, run, failedTo } = useAction();

  useEffect(() => {
    Promise.all([loadUpcoming(), loadBlockedDays()])
      .then(([upcoming, blocked]) => {
        setSessions(upcoming.sessions);
        setDays(blocked.dates);
      })
      .catch(failedTo("load the schedule"));
  }, []);

  async function block(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const saved = await blockDay(date, note.trim());
      setDays((current) =>
        [...current.filter((day) => day.date !== saved.date), saved].sort((a, b) =>
          a.date.localeCompare(b.date),
        ),
      );
      setDate("");
      setNote("");
    }, "Could not block the day");
  }

  async function unblock(day: string) {
    await run(async () => {
      await unblockDay(day);
      setDays((current) => current.filter((entry) => entry.date !== day));
    });
  }

  return (
    <div className="admin-schedule">
      <section aria-labelledby="schedule-upcoming">
        <h2 id="schedule-upcoming">Upcoming sessions</h2>
        {sessions === null ? (
          <p>Loading…</p>
        ) : sessions.length === 0 ? (
          <p>No session booked yet.</p>
        ) : (
          <ul className="admin-schedule__list">
            {sessions.map((session) => (
              <li key={session.id}>
                <a href={`/admin/consultations?open=${encodeURIComponent(session.submissionId)}`}>
                  <strong>{sessionTime(session.startsAt)}</strong> to {endTime(session.endsAt)}:{" "}
                  {session.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="schedule-away">
        <h2 id="schedule-away">Days away</h2>
        <p>No session can be booked on these days (the published closures apply too).</p>
        <form className="admin-schedule__form" onSubmit={block}>
          <div className="admin-schedule__field">
            <label htmlFor={dateId}>Day</label>
            <input
              id={dateId}
              className="form-control"
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <div className="admin-schedule__field">
            <label htmlFor={noteId}>Note (for you)</label>
            <input
              id={noteId}
              className="form-control"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary button--small" disabled={busy || !date}>
            Block this day
          </button>
        </form>
        {days.length ? (
          <ul className="admin-schedule__list">
            {days.map((day) => (
              <li key={day.date}>
                <span>
                  <strong>{dayLabel(day.date)}</strong>
                  {day.note ? ` · ${day.note}` : ""}
                </span>
                <ActionButton
                  look="ghost"
                  small
                  disabled={busy}
                  onClick={() => unblock(day.date)}
                  aria-label={`Unblock ${dayLabel(day.date)}`}
                >
                  Unblock
                </ActionButton>
              </li>
            ))}
          </ul>
        ) : (
          <p>No day blocked.</p>
        )}
      </section>
      <Alert>{error}</Alert>
    </div>
  );
}
