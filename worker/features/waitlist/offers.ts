import { type DayPart, dayParts, type SlotAlertInput } from "../../../shared/schemas/offers";
import { mailSettings } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { log } from "../../platform/log";
import type { Notification } from "../../platform/mail";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { firstNameOf } from "../../platform/push";
import { studioDate, studioHour, studioTime } from "../../platform/studio-clock";
import { bookSlot, minimumNoticeHours } from "../booking";
import { publishedFacts } from "../content/facts";
import { openToken, statusUrl } from "../request-status/service";
import { textClientNow } from "../texts";
import {
  type AlertCandidate,
  acceptedQuoteMinutes,
  alertCandidates,
  alertOf,
  awaitingSlots,
  deleteAlert,
  freedSlotById,
  newFreedSlots,
  offerByTokenHash,
  offerMailKind,
  offerMailSubject,
  offerSlot,
  readOfferMode,
  refilledSince,
  saveAlert,
  setFreedStatus,
  setOfferTokenHash,
  writeOfferMode,
} from "./offer-queries";
import type { FreedSlot, OfferMode } from "./offer-tables";

/**
 * Freed-slot offers (docs/decisions/039-freed-slot-offers.md): a cancelled or moved session's time
 * is offered by e-mail to the clients with an accepted quote who asked to hear of a sooner time
 * and can come then. Whoever books it first has it: taking an offer is an ordinary booking, won
 * or lost by the booking's own claim; the others are told it has gone.
 */

const hour = 3_600_000;
/** How long an offer's link works at most: a freed time is worth little if it waits for days. */
export const offerHours = 24;
/** How long a client's wishes are kept after they last saved them (retention deletes them then). */
export const slotAlertDays = 90;
/** At most this many clients are offered one time (the longest-waiting first). */
const offersPerSlot = 25;

/** Offers are on unless the artist set otherwise. */
export async function offerModeOf(db: D1Database): Promise<OfferMode> {
  return (await readOfferMode(db)) ?? "auto";
}

export function setOfferMode(db: D1Database, mode: OfferMode, now: Date) {
  return writeOfferMode(db, mode, now.toISOString());
}

const parseList = <T>(text: string, keep: (value: unknown) => value is T): T[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
};
const isNumber = (value: unknown): value is number => typeof value === "number";
const isText = (value: unknown): value is string => typeof value === "string";

export interface Wishes {
  weekdays: number[];
  dayParts: DayPart[];
  dates: string[];
}

const wishesOf = (row: Pick<AlertCandidate, "weekdays" | "dayParts" | "dates">): Wishes => ({
  weekdays: parseList(row.weekdays, isNumber),
  dayParts: parseList(row.dayParts, (v): v is DayPart => dayParts.includes(v as DayPart)),
  dates: parseList(row.dates, isText),
});

/** The part of the studio's day a time starts in. */
function dayPartOf(instant: Date): DayPart {
  const h = studioHour(instant);
  return h < 12 ? "morning" : h < 17 ? "afternoon" : "evening";
}

/**
 * Whether a time suits a client's wishes: one of their dates; or, with days or parts of the day
 * ticked, a day and part ticked (an empty list is any); with nothing at all, any time.
 */
function suits(wishes: Wishes, startsAt: string): boolean {
  const instant = new Date(startsAt);
  if (wishes.dates.includes(studioDate(instant))) return true;
  if (!wishes.weekdays.length && !wishes.dayParts.length) return wishes.dates.length === 0;
  const weekday = new Date(`${studioDate(instant)}T12:00:00Z`).getUTCDay();
  return (
    (!wishes.weekdays.length || wishes.weekdays.includes(weekday)) &&
    (!wishes.dayParts.length || wishes.dayParts.includes(dayPartOf(instant)))
  );
}

/** The clients a freed time would be offered to, as the artist sees them before approving. */
async function whoWouldGet(db: D1Database, slot: FreedSlot) {
  const minutes = Math.round((Date.parse(slot.endsAt) - Date.parse(slot.startsAt)) / 60_000);
  const candidates = await alertCandidates(db, {
    startsAt: slot.startsAt,
    minutes,
    bookingId: slot.bookingId,
  });
  return candidates.filter((row) => suits(wishesOf(row), slot.startsAt)).slice(0, offersPerSlot);
}

/**
 * Until when a time's offers can be taken: a day at most, and never past the booking notice the
 * calendar asks (a time closer than that cannot be booked from a page at all). Null: too late.
 */
function expiryFor(slot: Pick<FreedSlot, "startsAt">, now: Date): string | null {
  const lastBookable = Date.parse(slot.startsAt) - minimumNoticeHours * hour;
  const until = Math.min(now.getTime() + offerHours * hour, lastBookable);
  return until > now.getTime() ? new Date(until).toISOString() : null;
}

/** Offers a freed time to the clients it suits; false when it went to no one (then it is closed). */
async function offerTo(db: D1Database, slot: FreedSlot, now: Date): Promise<boolean> {
  const expiresAt = expiryFor(slot, now);
  const who = expiresAt ? await whoWouldGet(db, slot) : [];
  if (!expiresAt || !who.length) {
    await setFreedStatus(db, slot.id, ["new", "awaiting"], "closed");
    return false;
  }
  return offerSlot(db, {
    slotId: slot.id,
    submissionIds: who.map((row) => row.submissionId),
    expiresAt,
    now: now.toISOString(),
  });
}

/**
 * Handles the times freed since the last pass, by the artist's setting: offered at once, held
 * for her approval (only those someone would get), or closed. Run right after a cancellation or
 * move, and by the cron for whatever that missed.
 */
export async function handleFreedSlots(env: { DB: D1Database }, now: Date) {
  const slots = await newFreedSlots(env.DB);
  if (!slots.length) return { offered: 0, held: 0 };
  const mode = await offerModeOf(env.DB);
  let offered = 0;
  let held = 0;
  for (const slot of slots) {
    if (mode === "auto") {
      if (await offerTo(env.DB, slot, now)) offered += 1;
    } else if (mode === "approve" && expiryFor(slot, now) && (await whoWouldGet(env.DB, slot)).length) {
      if (await setFreedStatus(env.DB, slot.id, ["new"], "awaiting")) held += 1;
    } else {
      await setFreedStatus(env.DB, slot.id, ["new"], "closed");
    }
  }
  if (offered || held) log("info", "freed slots handled", { offered, held });
  return { offered, held };
}

/** The artist's view: the setting, and each freed time awaiting her approval with who would get it. */
export async function offersOverview(db: D1Database, now: Date) {
  const [mode, slots] = await Promise.all([offerModeOf(db), awaitingSlots(db, now.toISOString())]);
  const awaiting = await Promise.all(
    slots.map(async (slot) => ({
      id: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      clients: (await whoWouldGet(db, slot)).map((row) => ({ id: row.submissionId, name: row.name })),
    })),
  );
  return { mode, awaiting };
}

/** The artist approves a held time: offered now. "gone" when it is no longer held. */
export async function approveOffer(db: D1Database, id: string, now: Date): Promise<"sent" | "none" | "gone"> {
  const slot = await freedSlotById(db, id);
  if (!slot) return "gone";
  if (slot.status !== "awaiting") return "gone";
  return (await offerTo(db, slot, now)) ? "sent" : "none";
}

/** The freed times taken by a client they were offered to, since `since` (all time when null). */
export const slotsRefilled = (db: D1Database, since: string | null) => refilledSince(db, since);

/** A client's wishes as their page shows them, or null when they asked for nothing. */
export async function wishesOfRequest(db: D1Database, submissionId: string): Promise<Wishes | null> {
  const row = await alertOf(db, submissionId);
  return row ? wishesOf(row) : null;
}

export function saveWishes(db: D1Database, submissionId: string, input: SlotAlertInput, now: Date) {
  return saveAlert(db, {
    submissionId,
    weekdays: [...new Set(input.weekday)].sort(),
    dayParts: [...new Set(input.part)],
    dates: [...new Set(input.date.filter(Boolean))].sort(),
    now: now.toISOString(),
  });
}

/** The session length of a request's accepted quote, or null: without one there is nothing to offer. */
export const acceptedQuoteOf = (db: D1Database, submissionId: string) =>
  acceptedQuoteMinutes(db, submissionId);

export const forgetWishes = (db: D1Database, submissionId: string) => deleteAlert(db, submissionId);

/** What an offer's link shows. */
export type OfferView =
  | {
      state: "open" | "yours" | "gone" | "expired";
      startsAt: string;
      endsAt: string;
      expiresAt: string | null;
      /** The offer's request: the server's, never shown. */
      submissionId: string;
    }
  | { state: "unknown" };

/** The offer behind a link's token, as its page shows it now. */
export async function offerView(db: D1Database, token: string, now: Date): Promise<OfferView> {
  const row = await offerByTokenHash(db, await sha256Hex(token));
  if (!row) return { state: "unknown" };
  const base = {
    startsAt: row.slot.startsAt,
    endsAt: row.slot.endsAt,
    expiresAt: row.slot.expiresAt,
    submissionId: row.offer.submissionId,
  };
  if (row.slot.takenBookingId)
    return { ...base, state: row.takenBy === row.offer.submissionId ? "yours" : "gone" };
  if (row.slot.status !== "offered" || !row.slot.expiresAt || Date.parse(row.slot.expiresAt) <= now.getTime())
    return { ...base, state: "expired" };
  return { ...base, state: "open" };
}

export type TakeOutcome = "yours" | "gone" | "expired" | "unknown" | "deposit" | "card" | "limit" | "refused";

/**
 * The client takes the offered time: an ordinary booking of it (a first one, or a move of a later
 * session), so the booking's own claim decides who has it when several take it at once, and the
 * same batch closes the offer and tells the others. Taking it again once it is theirs is "yours".
 * `needsCard` says whether the request must save a card before it books.
 */
export async function takeOffer(
  db: D1Database,
  token: string,
  now: Date,
  needsCard: (submissionId: string) => Promise<boolean>,
): Promise<TakeOutcome> {
  const view = await offerView(db, token, now);
  if (view.state !== "open") return view.state;
  // A first booking needs the card on file the studio's policy asks for, as from the request's
  // own page; the deposit is asked for before it, as there.
  if ((await needsCard(view.submissionId)) && !(await depositMissing(db, view.submissionId))) return "card";
  const outcome = await bookSlot(db, { submissionId: view.submissionId, startsAt: view.startsAt, now });
  if (outcome === "booked" || outcome === "unchanged") return "yours";
  if (outcome === "taken") return "gone";
  if (outcome === "limit") return "limit";
  // Refused: no paid deposit yet (or the time can no longer be booked from a page).
  const again = await offerView(db, token, now);
  if (again.state !== "open") return again.state;
  return (await depositMissing(db, view.submissionId)) ? "deposit" : "refused";
}

async function depositMissing(db: D1Database, submissionId: string) {
  const row = await db
    .prepare("SELECT 1 AS paid FROM deposits WHERE submission_id = ? AND status = 'paid' LIMIT 1")
    .bind(submissionId)
    .first<{ paid: number }>();
  return !row;
}

/** The words of a time's length: "3 hours", "2 h 30 min". */
export function lengthWords(startsAt: string, endsAt: string): string {
  const minutes = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!m) return `${h} hour${h === 1 ? "" : "s"}`;
  return h ? `${h} h ${m} min` : `${m} minutes`;
}

type OfferMail = NonNullable<Awaited<ReturnType<typeof offerMailSubject>>> & {
  token: string | null;
  depositPaid: boolean;
  studioName: string;
  replyTo: string;
};

function renderOfferMail(
  loaded: OfferMail,
  topic: string,
  siteUrl: string,
  statusLink: string | null,
): Notification {
  const first = firstNameOf(loaded.name);
  const when = `${studioTime(loaded.slot.startsAt)} (${lengthWords(loaded.slot.startsAt, loaded.slot.endsAt)})`;
  if (topic === "gone") {
    return {
      to: loaded.email,
      replyTo: loaded.replyTo,
      subject: `That time has gone: ${loaded.studioName}`,
      text: [
        `Hi ${first},`,
        "",
        `The time we offered you, ${when}, has been taken by someone else. You stay on the list for the next one.`,
      ].join("\n"),
    };
  }
  const link = new URL(`/offers/${loaded.token ?? ""}`, siteUrl).toString();
  const until = loaded.slot.expiresAt ? studioTime(loaded.slot.expiresAt) : "";
  return {
    to: loaded.email,
    replyTo: loaded.replyTo,
    subject: `A time has freed up at ${loaded.studioName}`,
    text: [
      `Hi ${first},`,
      "",
      `A session time has freed up: ${when}. You asked to hear of a sooner time, and it suits what you told us.`,
      "",
      `Take it here (first come, first served; the link works until ${until}): ${link}`,
      ...(loaded.depositPaid
        ? []
        : [
            "",
            `Your deposit is not paid yet: pay it on your request's page first${statusLink ? `, ${statusLink}` : ""}, then take the time from the link above.`,
          ]),
      "",
      "Not for you? Do nothing: the offer simply lapses. Other clients may have been offered the same time.",
    ].join("\n"),
  };
}

/**
 * An offer's two e-mails: the offer itself (its link's token made at each attempt, only its hash
 * kept) and "it has gone". An offer whose time is no longer open is never sent late.
 */
const offerMail = mailKind<OfferMail>({
  name: offerMailKind,
  audience: "visitor",
  async load(env, mail, _known, now) {
    const subject = await offerMailSubject(env.DB, mail.subjectId);
    if (!subject) return dropMail("stopped", "the offer or its request is gone");
    const facts = await publishedFacts(env);
    const common = {
      ...subject,
      depositPaid: !(await depositMissing(env.DB, subject.offer.submissionId)),
      studioName: facts.studio.name,
      replyTo: facts.studio.email,
    };
    if (mail.topic === "gone") {
      const texted = await textClientNow(env, {
        submissionId: subject.offer.submissionId,
        kind: "offer-gone",
        body: `${common.studioName}: the time we offered you, ${studioTime(subject.slot.startsAt)}, has been taken. You stay on the list for the next one.`,
        logBody: "The offered time has gone.",
        now,
      });
      if (texted === "sent") return dropMail("stopped", "told by text");
      return { ...common, token: null };
    }
    const open =
      subject.slot.status === "offered" &&
      !subject.slot.takenBookingId &&
      subject.slot.expiresAt !== null &&
      Date.parse(subject.slot.expiresAt) > now.getTime();
    if (!open) return dropMail("stopped", "the time is no longer on offer");
    const token = randomToken({ bytes: 32 });
    await setOfferTokenHash(env.DB, subject.offer.id, await sha256Hex(token));
    // A client with text reminders on (and a paid deposit: the text has no room for the way to
    // pay) is offered the time by text, as their reminders come; the e-mail is the fallback.
    if (common.depositPaid) {
      const link = new URL(`/offers/${token}`, mailSettings(env).siteUrl).toString();
      const when = studioTime(subject.slot.startsAt);
      const texted = await textClientNow(env, {
        submissionId: subject.offer.submissionId,
        kind: "offer",
        body: `${common.studioName}: a session time has freed up, ${when}. First to take it has it: ${link} Reply STOP to end texts.`,
        logBody: `A session time has freed up, ${when} (private link).`,
        now,
      });
      if (texted === "sent") return dropMail("stopped", "offered by text");
    }
    return { ...common, token };
  },
  async render(env, loaded, mail, settings) {
    const statusLink =
      !loaded.depositPaid && loaded.sealedToken
        ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, loaded.sealedToken))
        : null;
    return renderOfferMail(loaded, mail.topic, settings.siteUrl, statusLink);
  },
});

/** Sends the due offer e-mails, each claimed once. */
export const deliverOfferMail = delivererOf(offerMail);

/** The cron's pass and the routes' after-response one: freed times handled, then their e-mails sent. */
export async function runOffers(env: Env, now: Date = new Date()) {
  const handled = await handleFreedSlots(env, now);
  return { ...handled, ...(await deliverOfferMail(env, { now })) };
}
