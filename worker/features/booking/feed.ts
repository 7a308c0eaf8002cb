import { flashReferenceText } from "../../../shared/content/flash-reference";
import { consultationKind } from "../../../shared/submission-kinds";
import { cardUrl } from "../../platform/admin-links";
import { mailSettings } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { publishedFacts } from "../content/facts";
import { submissionReferences } from "../requests/references";
import { activeFeed, feedSessions, liveFeedByHash, replaceFeed, revokeFeeds } from "./feed-queries";
import { foldLine, icsText, icsTime } from "./ics";
import { listBlockedDates } from "./queries";

/**
 * The artist's own calendar (docs/decisions/030-calendar-feed.md): a private feed address her
 * calendar app subscribes to (Apple's by webcal://, Google's by the https address), listing every
 * session with the client's first name, the design and its length, and the days she is away. A
 * session keeps one event from booking to its end: a move changes its time under the same UID
 * with a higher SEQUENCE, a cancellation marks it cancelled. Nothing else of the request is in
 * it: the address is a secret, but a calendar is shared and synced far beyond the studio.
 */

/** How far back the feed reaches: recent sessions stay in her calendar's history. */
const historyDays = 180;

/** What the artist is shown once, when she makes the address. */
export interface FeedAddress {
  /** For Google Calendar's "From URL" and any app that takes an https address. */
  url: string;
  /** The same address for Apple's calendars, which subscribe to webcal:// links. */
  webcalUrl: string;
  createdAt: string;
}

/** Makes a new feed address; the previous one stops working at once. */
export async function openFeed(env: Env, now: Date): Promise<FeedAddress> {
  const token = randomToken({ bytes: 32 });
  const createdAt = now.toISOString();
  await replaceFeed(env.DB, { id: crypto.randomUUID(), tokenHash: await sha256Hex(token), now: createdAt });
  const url = new URL(`/calendar/${token}.ics`, mailSettings(env).siteUrl);
  return { url: url.toString(), webcalUrl: `webcal://${url.host}${url.pathname}`, createdAt };
}

/** Whether a feed address is live, and since when (the address itself is never kept). */
export async function feedState(db: D1Database): Promise<{ active: boolean; createdAt: string | null }> {
  const feed = await activeFeed(db);
  return { active: feed !== null, createdAt: feed?.createdAt ?? null };
}

/** Stops the feed address; resolves false when there was none. */
export async function closeFeed(db: D1Database, now: Date): Promise<boolean> {
  return (await revokeFeeds(db, now.toISOString())) > 0;
}

type FeedSession = Awaited<ReturnType<typeof feedSessions>>[number];

/** The calendar behind a feed token, or null when the token opens no live feed. */
export async function feedCalendar(env: Env, token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  if (!(await liveFeedByHash(env.DB, await sha256Hex(token)))) return null;
  const since = new Date(now.getTime() - historyDays * 86_400_000).toISOString();
  const [sessions, away, facts] = await Promise.all([
    feedSessions(env.DB, since),
    listBlockedDates(env.DB, since.slice(0, 10)),
    publishedFacts(env),
  ]);
  const location = `${facts.studio.name}, ${facts.addressLine}`;
  // A flash design is named by its title; without the live content, by the client's words.
  const references = await submissionReferences(env.DB, consultationKind, sessions).catch(() => []);
  const siteUrl = mailSettings(env).siteUrl;
  const domain = new URL(siteUrl).hostname;
  const stamp = icsTime(now.toISOString());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Gilded Needle Tattoo//Artist's sessions//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Gilded Needle sessions",
    // Calendar apps read these as how often to fetch again (Apple's and the draft standard's names).
    "X-PUBLISHED-TTL:PT1H",
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    ...sessions.flatMap((session, index) => {
      const flash = references[index]?.flashDesign;
      return sessionEvent(session, {
        design: flash ? flashReferenceText(flash) : designOf(session),
        domain,
        stamp,
        location,
        cardUrl: cardUrl(siteUrl, session.submissionId),
      });
    }),
    ...away.flatMap((day) => awayEvent(day, { domain, stamp })),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

function sessionEvent(
  session: FeedSession,
  input: { design: string; domain: string; stamp: string; location: string; cardUrl: string },
): string[] {
  const cancelled = session.status === "cancelled";
  const firstName = session.name.trim().split(/\s+/)[0] ?? "";
  const details = [
    `${lengthOf(session.startsAt, session.endsAt)} session${session.movedFrom ? ", moved by the client" : ""}`,
    [session.placement, session.size].filter(Boolean).join(", "),
    `The request: ${input.cardUrl}`,
  ].filter(Boolean);
  return [
    "BEGIN:VEVENT",
    `UID:${session.calendarUid ?? session.id}@${input.domain}`,
    `SEQUENCE:${session.calendarSequence + (cancelled ? 1 : 0)}`,
    `DTSTAMP:${input.stamp}`,
    `DTSTART:${icsTime(session.startsAt)}`,
    `DTEND:${icsTime(session.endsAt)}`,
    `SUMMARY:${icsText(`${cancelled ? "Cancelled: " : ""}${firstName} · ${input.design}`)}`,
    `LOCATION:${icsText(input.location)}`,
    `DESCRIPTION:${icsText(details.join("\n"))}`,
    `URL:${input.cardUrl}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    // A cancelled session no longer takes her time.
    `TRANSP:${cancelled ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
  ];
}

/** A day she is away, as an all-day event (a date, in the studio's calendar). */
function awayEvent(day: { date: string; note: string | null }, input: { domain: string; stamp: string }) {
  const start = day.date.replaceAll("-", "");
  const next = new Date(`${day.date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return [
    "BEGIN:VEVENT",
    `UID:away-${day.date}@${input.domain}`,
    `DTSTAMP:${input.stamp}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replaceAll("-", "")}`,
    `SUMMARY:${icsText(day.note ? `Away: ${day.note}` : "Away: no sessions offered")}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** The design in a few words: the first line of the client's idea, cut at a word near 60 characters. */
function designOf(session: Pick<FeedSession, "tattooIdea">): string {
  const idea =
    String(session.tattooIdea ?? "")
      .split(/\r?\n/)[0]
      ?.trim() ?? "";
  if (idea.length <= 60) return idea || "Tattoo session";
  const cut = idea.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, "")}…`;
}

/** "3 h", "1 h 30 min", "45 min". */
function lengthOf(startsAt: string, endsAt: string): string {
  const minutes = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
