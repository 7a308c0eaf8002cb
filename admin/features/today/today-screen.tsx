import { type ReactNode, use, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatUsd } from "../../../shared/money";
import { Alert } from "../../components/alert";
import { timeAgo } from "../../lib/relative-time";
import { why } from "../../lib/use-action";
import { endTime, sessionTime } from "../schedule";
import { loadToday, type Today } from "./api";
import { DrawnTodayContext } from "./drawn";

/** The item's card alone, opened: wherever it falls in the list, one tap gets there. */
const cardOf = (id: string, kind: "consultations" | "contacts" = "consultations") => {
  const item = encodeURIComponent(id);
  return `/admin/consultations?${kind === "contacts" ? "kind=contacts&" : ""}id=${item}&open=${item}`;
};

/** "overdue by 3 h", "due in 40 min": the promise's clock, read against now. */
function replyClock(dueAt: string, now: number): { text: string; pressing: boolean } {
  const minutes = Math.round((Date.parse(dueAt) - now) / 60_000);
  const span = (m: number) => {
    if (m >= 48 * 60) return `${Math.round(m / 1440)} days`;
    if (m >= 120) return `${Math.round(m / 60)} h`;
    return m >= 60 ? "1 h" : `${Math.max(1, m)} min`;
  };
  // Overdue, or due within the four hours the inbox calls "due soon": marked on the line.
  return minutes <= 0
    ? { text: `overdue by ${span(-minutes)}`, pressing: true }
    : { text: `due in ${span(minutes)}`, pressing: minutes < 4 * 60 };
}

/**
 * The artist's Today: what needs her now, most urgent first, each line one tap from its card.
 * Loaded when opened and again whenever she comes back to the tab; opened cold on a phone, it
 * starts from the Today the worker drew the page with.
 */
export function TodayScreen() {
  const drawn = use(DrawnTodayContext);
  const [today, setToday] = useState<Today | null>(drawn?.today ?? null);
  useEffect(() => drawn?.release(), [drawn]);
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    loadToday()
      .then((answer) => {
        setToday(answer.today);
        setOffline(answer.offline);
        setError(null);
      })
      .catch((failure) => setError(`Could not load Today: ${why(failure)}`));
  }, []);

  useEffect(() => {
    refresh();
    const onVisible = () => document.visibilityState === "visible" && refresh();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refresh);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", refresh);
    };
  }, [refresh]);

  if (!today) {
    return (
      <>
        <Alert>{error}</Alert>
        {error ? null : <p className="admin-muted">Loading…</p>}
      </>
    );
  }
  const now = Date.parse(today.now);
  const quiet =
    today.replies.length +
      today.answers.length +
      today.deposits.length +
      today.sessionsToday.length +
      today.sessionsThisWeek.length +
      today.messages.length ===
    0;
  return (
    <div className="today">
      <Alert>{error}</Alert>
      {offline ? (
        <p className="today__offline" role="status">
          Offline: this is Today as of{" "}
          {new Date(today.now).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}, the last
          time it loaded. It refreshes when you are back online.
        </p>
      ) : null}
      {quiet ? <p className="admin-empty">Nothing needs you right now.</p> : null}
      <TodaySection title="Replies due" count={today.replies.length}>
        {today.replies.map((item) => {
          const clock = replyClock(item.dueAt, now);
          return (
            <TodayLine key={item.id} to={cardOf(item.id)} title={item.name} urgent={clock.pressing}>
              New request, {timeAgo(item.receivedAt, now)} · <strong>reply {clock.text}</strong>
            </TodayLine>
          );
        })}
      </TodaySection>
      <SessionsSection title="Sessions today" sessions={today.sessionsToday} />
      <TodaySection title="Clients' answers" count={today.answers.length}>
        {today.answers.map((item) => (
          <TodayLine key={item.id} to={cardOf(item.id)} title={item.name}>
            {item.unread === 1 ? "1 new answer" : `${item.unread} new answers`}, {timeAgo(item.lastAt, now)}
          </TodayLine>
        ))}
      </TodaySection>
      <TodaySection title="Deposits paid, to book" count={today.deposits.length}>
        {today.deposits.map((item) => (
          <TodayLine key={item.id} to={cardOf(item.id)} title={item.name}>
            {formatUsd(item.amountCents)} paid {timeAgo(item.paidAt, now)} · no session booked yet
          </TodayLine>
        ))}
      </TodaySection>
      <TodaySection title="New messages" count={today.messages.length}>
        {today.messages.map((item) => (
          <TodayLine key={item.id} to={cardOf(item.id, "contacts")} title={item.name}>
            Contact message, {timeAgo(item.createdAt, now)}
          </TodayLine>
        ))}
      </TodaySection>
      <SessionsSection title="This week" sessions={today.sessionsThisWeek} />
      {today.waitlist.waiting > 0 ? (
        <section className="today__section" aria-labelledby="today-waitlist">
          <h2 id="today-waitlist" className="today__title">
            Waitlist
          </h2>
          <p className="today__note">
            {today.waitlist.waiting === 1 ? "1 person is" : `${today.waitlist.waiting} people are`} waiting
            {today.waitlist.booksOpen
              ? "."
              : " for your books to open: they are e-mailed when you open them in the Studio."}{" "}
            <Link to="/admin/studio/booking">Books in the Studio</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

function TodaySection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  const id = `today-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section className="today__section" aria-labelledby={id}>
      <h2 id={id} className="today__title">
        {title} <span className="admin-count">{count}</span>
      </h2>
      <ul className="today__list">{children}</ul>
    </section>
  );
}

function TodayLine({
  to,
  title,
  urgent = false,
  children,
}: {
  to: string;
  title: string;
  urgent?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={`today__line${urgent ? " today__line--urgent" : ""}`}>
        <span className="today__name">{title}</span>
        <span className="today__detail">{children}</span>
      </Link>
    </li>
  );
}

/** Sessions under their heading: today's, and the rest of the week's. */
function SessionsSection({ title, sessions }: { title: string; sessions: Today["sessionsToday"] }) {
  return (
    <TodaySection title={title} count={sessions.length}>
      {sessions.map((session) => (
        <SessionLine key={session.bookingId} session={session} />
      ))}
    </TodaySection>
  );
}

function SessionLine({ session }: { session: Today["sessionsToday"][number] }) {
  return (
    <TodayLine to={cardOf(session.id)} title={session.name} urgent={!session.releaseSigned}>
      {sessionTime(session.startsAt)} – {endTime(session.endsAt)} ·{" "}
      {session.releaseSigned ? "release form signed" : <strong>release form not signed</strong>}
    </TodayLine>
  );
}
