// A model-based test of a request's lifecycle: fast-check drives random sequences of the client's,
// the artist's, the payment provider's and the clock's events against the worker (real D1, the
// local fake of Stripe), and after each step checks what must always hold: no session done
// before it began, no deposit without an adult's date of birth, at most one live session, one
// live calendar event per side for it, the money received equal to the money recorded or shown
// to the artist, and the page's texts those the lifecycle module names for the state.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeStripe } from "../../scripts/lib/fake-stripe.mjs";
import { stateOf, stateViews } from "../../shared/request-lifecycle";
import { stageLabels } from "../../shared/request-stages";
import { deliverBookingMail } from "../../worker/features/booking";
import { journeyOf } from "../../worker/features/request-status/journey-queries";
import { studioDate } from "../../worker/platform/studio-clock";
import { send as adminSend, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import { linkFor, offeredSlots, postForm } from "./booking-support";
import { addConsultation } from "./inbox-support";
import { caseCounter, propertyRuns } from "./property-runs";
import { recorder } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { fakeStripeEnv, startFakeStripe } from "./stripe-support";
import { freshIp, send } from "./submission-support";
import { hour } from "./support";

const stripeEnv = fakeStripeEnv("whsec_test_model_0123456789");

let fake: FakeStripe;

beforeEach(() => {
  quietLogs();
  fake = startFakeStripe(stripeEnv);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the model expects of the request: its own account, kept apart from the worker's. */
interface Model {
  declined: boolean;
  quote: { id: string; sessions: number; status: "sent" | "accepted"; bornOn: boolean } | null;
  deposit: "paid" | "forfeited" | null;
  booking: {
    id: string;
    status: "booked" | "completed" | "cancelled";
    begun: boolean;
    startsAt: string;
  } | null;
  /** Sessions of the current quote done. */
  done: number;
  /** The client's changes: moves, and cancellations of their own. */
  changes: number;
  /** The latest session was cancelled by the artist (her change, not the client's). */
  cancelledByArtist: boolean;
}

/** The worker and what the test reaches it with. */
interface Real {
  id: string;
  token: string;
  cookie: string;
  /** Start times offered when the run began, each on its own day. */
  slots: string[];
}

const adult = "1991-06-03";
const minor = () => {
  const today = studioDate(new Date());
  return `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
};

/** A form post from the status page, with the fake Stripe for the deposit's checkout. */
const pagePost = (path: string, fields: Record<string, string>) => postForm(path, fields, ORIGIN, stripeEnv);

const sessionsLeft = (m: Model) =>
  m.quote?.status === "accepted" ? Math.max(0, m.quote.sessions - m.done) : 0;

/** What the model says the worker's rows are: the journey `stateOf` reads. */
const modelJourney = (m: Model) => ({
  quote: m.quote?.status ?? null,
  deposit: m.deposit,
  booking: m.booking?.status ?? null,
  sessionsLeft: sessionsLeft(m),
});

/** How many of each event ran, for the run's report line. */
const stepsRun = new Map<string, number>();

/** One event: what it does to the worker and the model, then every invariant checked. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  /** What was drawn for this event (a slot, an age), if anything: shown after its name. */
  constructor(readonly drawn?: string | number) {}
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, r: Real): Promise<void>;
  async run(m: Model, r: Real) {
    await this.act(m, r);
    await checkInvariants(m, r);
  }
  /** The event, for the counterexample fast-check prints. */
  toString() {
    return this.drawn === undefined ? this.constructor.name : `${this.constructor.name}(${this.drawn})`;
  }
}

type Session = NonNullable<Model["booking"]>;

/** An event on the request's latest session, which can happen while it is `during` that status. */
abstract class OnSession extends Step {
  protected readonly during: Session["status"] = "booked";
  check(m: Readonly<Model>) {
    return m.booking?.status === this.during;
  }
  act(m: Model, r: Real) {
    // Only run after `check`, which made sure there is a session.
    if (!m.booking) throw new Error("no booking");
    return this.actOn(m.booking, m, r);
  }
  abstract actOn(booking: Session, m: Model, r: Real): Promise<void>;
}

/** One of the artist's buttons on a session in the admin: cancel, done, undo-done. */
const artistPresses = (action: string, booking: { id: string }, r: Real) =>
  adminSend("POST", `/api/admin/bookings/${booking.id}/${action}`, r.cookie);

class SendQuote extends Step {
  constructor(readonly sessions: number) {
    super(sessions);
  }
  check(m: Readonly<Model>) {
    return !m.declined && m.deposit === null && m.booking === null;
  }
  async act(m: Model, r: Real) {
    const response = await adminSend("POST", `/api/admin/consultations/${r.id}/quotes`, r.cookie, {
      priceFrom: 300,
      sessions: this.sessions,
      sessionMinutes: 180,
    });
    expect(response.status).toBe(201);
    const { quote } = (await response.json()) as { quote: { id: string } };
    m.quote = { id: quote.id, sessions: this.sessions, status: "sent", bornOn: false };
  }
}

class Accept extends Step {
  constructor(readonly isAdult: boolean) {
    super(isAdult ? "adult" : "minor");
  }
  check(m: Readonly<Model>) {
    return !m.declined && m.quote?.status === "sent";
  }
  async act(m: Model, r: Real) {
    const quote = m.quote;
    if (!quote) throw new Error("no quote");
    const response = await pagePost(`/requests/${r.token}/quote/accept`, {
      quote: quote.id,
      dateOfBirth: this.isAdult ? adult : minor(),
    });
    expect(response.headers.get("Location")).toContain(this.isAdult ? "quote=accepted" : "quote=under-age");
    if (this.isAdult) m.quote = { ...quote, status: "accepted", bornOn: true };
  }
}

class OpenCheckout extends Step {
  check(m: Readonly<Model>) {
    return !m.declined && m.quote?.status === "accepted" && m.deposit === null;
  }
  async act(_m: Model, r: Real) {
    const response = await pagePost(`/requests/${r.token}/deposit`, {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/fake-stripe\.test\/pay\//);
  }
}

class Pay extends Step {
  constructor(readonly pick: number) {
    super(pick);
  }
  /** Only while a payment page of this request is open: the provider has nothing else to report. */
  check() {
    return [...fake.sessions.values()].some((session) => session.status === "open");
  }
  async act(m: Model, r: Real) {
    const open = [...fake.sessions.values()].filter(
      (session) => session.status === "open" && session.metadata?.submission_id === r.id,
    );
    const session = open[this.pick % Math.max(1, open.length)];
    if (!session) return;
    // Applied only to the accepted quote's own page, while no deposit is recorded.
    const applies =
      !m.declined &&
      m.deposit === null &&
      m.quote?.status === "accepted" &&
      session.metadata?.quote_id === m.quote.id;
    const { status } = await fake.pay(session.id);
    expect(status).toBe(200);
    if (applies) m.deposit = "paid";
  }
}

class Cash extends Step {
  constructor(readonly isAdult: boolean) {
    super(isAdult ? "adult" : "minor");
  }
  check(m: Readonly<Model>) {
    return !m.declined && m.quote !== null && m.deposit === null;
  }
  async act(m: Model, r: Real) {
    const quote = m.quote;
    if (!quote) throw new Error("no quote");
    const response = await adminSend("POST", `/api/admin/consultations/${r.id}/deposit/received`, r.cookie, {
      clientBornOn: this.isAdult ? adult : minor(),
    });
    expect(response.status).toBe(this.isAdult ? 200 : 400);
    if (this.isAdult) {
      m.deposit = "paid";
      m.quote = { ...quote, status: "accepted", bornOn: true };
    }
  }
}

class Book extends Step {
  constructor(readonly slot: number) {
    super(slot);
  }
  check(m: Readonly<Model>) {
    return (
      !m.declined &&
      m.deposit === "paid" &&
      m.booking?.status !== "booked" &&
      sessionsLeft(m) > 0 &&
      !(m.booking?.status === "cancelled" && !m.cancelledByArtist && m.changes >= 3)
    );
  }
  async act(m: Model, r: Real) {
    const startsAt = r.slots[this.slot % r.slots.length] ?? "";
    const response = await pagePost(`/requests/${r.token}/booking`, { startsAt });
    expect(response.status).toBe(303);
    const id = await liveBookingId(r.id);
    m.booking = { id, status: "booked", begun: false, startsAt };
    m.cancelledByArtist = false;
  }
}

class Move extends Step {
  constructor(readonly slot: number) {
    super(slot);
  }
  check(m: Readonly<Model>) {
    return m.booking?.status === "booked" && !m.booking.begun && m.changes < 3;
  }
  async act(m: Model, r: Real) {
    const startsAt = r.slots[this.slot % r.slots.length] ?? "";
    const response = await pagePost(`/requests/${r.token}/booking`, { startsAt });
    expect(response.status).toBe(303);
    if (startsAt === m.booking?.startsAt) {
      expect(response.headers.get("Location")).toContain("booking=unchanged");
      return;
    }
    m.booking = { id: await liveBookingId(r.id), status: "booked", begun: false, startsAt };
    m.changes++;
  }
}

class ClientCancel extends OnSession {
  async actOn(booking: Session, m: Model, r: Real) {
    // The tier the page states: a session that has begun is inside every notice.
    const tier = booking.begun ? "forfeited" : "transfer";
    const response = await pagePost(`/requests/${r.token}/booking/cancel`, { tier });
    expect(response.headers.get("Location")).toContain("cancelled=1");
    m.booking = { ...booking, status: "cancelled" };
    m.changes++;
    m.cancelledByArtist = false;
    if (tier === "forfeited") m.deposit = "forfeited";
  }
}

class ArtistCancel extends OnSession {
  async actOn(booking: Session, m: Model, r: Real) {
    const response = await artistPresses("cancel", booking, r);
    expect(response.status).toBe(200);
    m.booking = { ...booking, status: "cancelled" };
    m.cancelledByArtist = true;
  }
}

/** The clock: the live session's start comes (it is moved to have begun an hour ago). */
class Begin extends OnSession {
  override check(m: Readonly<Model>) {
    return super.check(m) && !m.booking?.begun;
  }
  async actOn(booking: Session, m: Model) {
    const startsAt = new Date(Date.now() - hour).toISOString();
    await env.DB.prepare("UPDATE bookings SET starts_at = ?, ends_at = ? WHERE id = ?")
      .bind(startsAt, new Date(Date.now() + 2 * hour).toISOString(), booking.id)
      .run();
    m.booking = { ...booking, begun: true, startsAt };
  }
}

class MarkDone extends OnSession {
  async actOn(booking: Session, m: Model, r: Real) {
    const response = await artistPresses("done", booking, r);
    // Never done before it began.
    expect(response.status).toBe(booking.begun ? 200 : 409);
    if (booking.begun) {
      m.booking = { ...booking, status: "completed" };
      m.done++;
    }
  }
}

class UndoDone extends OnSession {
  protected override readonly during = "completed" as const;
  async actOn(booking: Session, m: Model, r: Real) {
    const response = await artistPresses("undo-done", booking, r);
    expect(response.status).toBe(200);
    m.booking = { ...booking, status: "booked" };
    m.done--;
  }
}

class Decline extends Step {
  /** Closing ends a run's story: generated rarely, so most runs reach the later states. */
  constructor(readonly now: boolean) {
    super();
  }
  check(m: Readonly<Model>) {
    return this.now && !m.declined && m.booking?.status !== "booked";
  }
  async act(m: Model, r: Real) {
    const response = await adminSend("PATCH", `/api/admin/consultations/${r.id}`, r.cookie, {
      status: "cancelled",
    });
    expect(response.status).toBe(200);
    m.declined = true;
  }
}

async function liveBookingId(submissionId: string) {
  const row = await env.DB.prepare("SELECT id FROM bookings WHERE submission_id = ? AND status = 'booked'")
    .bind(submissionId)
    .first<{ id: string }>();
  if (!row) throw new Error("no live session after booking");
  return row.id;
}

const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#39;").replaceAll('"', "&quot;");

/** Everything that must hold after any step. */
async function checkInvariants(m: Model, r: Real) {
  const db = env.DB;
  // Never done before it began.
  const early = await db
    .prepare(
      "SELECT count(*) AS n FROM bookings WHERE submission_id = ? AND status = 'completed' AND completed_at < starts_at",
    )
    .bind(r.id)
    .first<{ n: number }>();
  expect(early?.n).toBe(0);

  // No deposit without an adult's date of birth on its quote.
  const deposits = (
    await db
      .prepare(
        `SELECT d.id, d.status, d.method, d.amount_cents AS amount, d.stripe_session_id AS session, q.client_born_on AS bornOn
         FROM deposits d JOIN quotes q ON q.id = d.quote_id WHERE d.submission_id = ?`,
      )
      .bind(r.id)
      .all<{
        id: string;
        status: string;
        method: string;
        amount: number;
        session: string | null;
        bornOn: string | null;
      }>()
  ).results;
  const recorded = deposits.filter((d) => d.status !== "pending");
  for (const deposit of recorded) expect(deposit.bornOn).toBe(adult);
  expect(recorded.length).toBeLessThanOrEqual(1);

  // At most one live session.
  const bookings = (
    await db
      .prepare(
        "SELECT id, status, coalesce(calendar_uid, id) AS uid, cancelled_by AS cancelledBy FROM bookings WHERE submission_id = ?",
      )
      .bind(r.id)
      .all<{ id: string; status: string; uid: string; cancelledBy: string | null }>()
  ).results;
  const live = bookings.filter((b) => b.status === "booked");
  expect(live.length).toBeLessThanOrEqual(1);

  // One calendar event per side for each session that stands (or took place), none for one
  // moved or cancelled: the client's
  // calendar as the e-mails sent build it (booked and moved add it under its UID, cancelled takes
  // it off), and the artist's from hers, less what she cancelled herself.
  await deliverBookingMail(env, { provider: recorder(), limit: 500 });
  const mails = (
    await db
      .prepare(
        "SELECT subject_id AS booking, topic FROM mail_queue WHERE request_id = ? AND kind = 'booking' AND status = 'sent' ORDER BY created_at, rowid",
      )
      .bind(r.id)
      .all<{ booking: string; topic: string }>()
  ).results;
  const uidOf = new Map(bookings.map((b) => [b.id, b.uid]));
  const client = new Set<string>();
  const artist = new Set<string>();
  for (const mail of mails) {
    const uid = uidOf.get(mail.booking) ?? "";
    if (mail.topic === "confirmation" || mail.topic === "moved") client.add(uid);
    if (mail.topic === "cancelled") client.delete(uid);
    if (mail.topic === "artist-booked" || mail.topic === "artist-moved") artist.add(uid);
    if (mail.topic === "artist-cancelled") artist.delete(uid);
  }
  for (const b of bookings) if (b.cancelledBy === "artist") artist.delete(b.uid);
  // A session that took place stays in both calendars, as the day it was.
  const liveUids = new Set(bookings.filter((b) => b.status !== "cancelled").map((b) => b.uid));
  expect(client).toEqual(liveUids);
  expect(artist).toEqual(liveUids);

  // Money received equals money recorded, or shown to the artist to refund.
  const paid = [...fake.sessions.values()].filter(
    (s) => s.payment_status === "paid" && s.metadata?.submission_id === r.id,
  );
  const unapplied = new Set(
    (
      await db
        .prepare(
          "SELECT subject_id AS id FROM mail_queue WHERE request_id = ? AND kind = 'deposit' AND topic = 'artist-unapplied'",
        )
        .bind(r.id)
        .all<{ id: string }>()
    ).results.map((row) => row.id),
  );
  for (const session of paid) {
    const row = deposits.find((d) => d.session === session.id);
    expect(row, `payment ${session.id} has its deposit row`).toBeDefined();
    expect(row?.amount).toBe(session.amount_total);
    expect(
      row?.status !== "pending" || unapplied.has(row.id),
      `payment ${session.id} recorded or shown`,
    ).toBe(true);
  }
  const received = paid.reduce((sum, s) => sum + s.amount_total, 0);
  const accounted = deposits
    .filter((d) => d.method === "stripe" && (d.status !== "pending" || unapplied.has(d.id)))
    .reduce((sum, d) => sum + d.amount, 0);
  expect(accounted).toBe(received);

  // The rows are what the model expects, and the page says what the machine names for them.
  const journey = await journeyOf(db, r.id);
  expect(journey).toEqual(modelJourney(m));
  const status = await db
    .prepare("SELECT status FROM consultation_requests WHERE id = ?")
    .bind(r.id)
    .first<{ status: string }>();
  const state = stateOf({ status: status?.status ?? "", ...modelJourney(m) });
  if (m.declined) expect(state).toBe("declined");
  const html = await (
    await send(
      `/requests/${r.token}`,
      { headers: { "CF-Connecting-IP": freshIp() } },
      { ASSETS: prerenderedAssets, ...stripeEnv },
    )
  ).text();
  const view = stateViews[state];
  expect(html).toContain(`Where it stands: ${stageLabels[view.stage]}`);
  expect(html).toContain(escaped(view.next({ onlinePayments: true })));
}

/**
 * One side acting: the first of its events that can happen now, starting from a random one, so
 * that every generated step does something and runs reach the later states.
 */
class Acts extends Step {
  private chosen: Step | null = null;
  constructor(
    readonly who: string,
    readonly options: readonly Step[],
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return this.options.some((option) => option.check(m));
  }
  async act(m: Model, r: Real) {
    const chosen = this.options.find((option) => option.check(m));
    if (!chosen) throw new Error(`${this.who}: nothing to do`);
    // What ran, for the counterexample fast-check prints.
    this.chosen = chosen;
    await chosen.act(m, r);
    const name = chosen.toString().replace(/\(.*$/, "");
    stepsRun.set(name, (stepsRun.get(name) ?? 0) + 1);
  }
  override toString() {
    return `${this.who}: ${this.chosen?.toString() ?? "(not run)"}`;
  }
}

const rotated = <T>(items: readonly T[], start: number) =>
  items.map((_, i) => items[(start + i) % items.length] as T);

const client = fc
  .tuple(fc.nat(20), fc.integer({ min: 0, max: 3 }), fc.nat(5), fc.nat(5))
  .map(
    ([start, age, slot, other]) =>
      new Acts(
        "client",
        rotated(
          [new Accept(age > 0), new OpenCheckout(), new Book(slot), new Move(other), new ClientCancel()],
          start,
        ),
      ),
  );
const artist = fc
  .tuple(fc.nat(20), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 3 }), fc.nat(12))
  .map(
    ([start, sessions, age, close]) =>
      new Acts(
        "artist",
        rotated(
          [
            new SendQuote(sessions),
            new Cash(age > 0),
            new MarkDone(),
            new UndoDone(),
            new ArtistCancel(),
            new Decline(close === 0),
          ],
          start,
        ),
      ),
  );
const provider = fc.nat(3).map((pick) => new Acts("payment provider", [new Pay(pick)]));
const clock = fc.constant(new Acts("clock", [new Begin()]));

const commands = [client, client, artist, provider, clock];

describe("a request's lifecycle, driven by random events", () => {
  // The deep run (DEEP_FUZZ=1) takes minutes; the CI size a few seconds.
  it("keeps every guard and says what the machine names, whatever the order of events", {
    timeout: 900_000,
  }, async () => {
    const counter = caseCounter("request lifecycle model");
    const { cookie } = await signedInAdmin();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "large" }), async (cmds) => {
        counter.ran();
        // Each run on an empty calendar, so the times it offered stay free for it.
        await env.DB.prepare("DELETE FROM bookings").run();
        const request = await addConsultation({
          status: "pending",
          email: `${crypto.randomUUID()}@example.test`,
        });
        const token = await linkFor(request.id);
        const days = new Map<string, string>();
        for (const slot of await offeredSlots())
          days.set(slot.startsAt.slice(0, 10), days.get(slot.startsAt.slice(0, 10)) ?? slot.startsAt);
        const real: Real = { id: request.id, token, cookie, slots: [...days.values()].slice(0, 6) };
        const model: Model = {
          declined: false,
          quote: null,
          deposit: null,
          booking: null,
          done: 0,
          changes: 0,
          cancelledByArtist: false,
        };
        await checkInvariants(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: propertyRuns({ ci: 5, deep: 300 }) },
    );
    counter.report();
    const total = [...stepsRun.values()].reduce((a, b) => a + b, 0);
    console.info(
      `request lifecycle model: ${total} events (${[...stepsRun].map(([name, n]) => `${name} ${n}`).join(", ")})`,
    );
  });
});
