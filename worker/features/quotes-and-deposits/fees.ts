import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Facts } from "../../../shared/content-facts";
import { formatUsd } from "../../../shared/money";
import { studio } from "../../../shared/studio";
import { paymentSetupOf } from "../../platform/config";
import type { AuditActor } from "../../platform/db/request-audit";
import { bookings } from "../../platform/db/schema";
import { dayIn } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import {
  bookingForFee,
  claimNewFee,
  claimRetry,
  feeById,
  feeOfBooking,
  savedCardOf,
  settleCharged,
  settleFailed,
} from "./card-queries";
import type { SavedCard, SessionFee, SessionFeeKind } from "./card-tables";
import { chargeCardOnFile, StripeError, type StripeSettings, stripeSettings } from "./stripe";

/**
 * The no-show and late-cancellation fees charged to the card on file
 * (docs/decisions/038-card-on-file.md). The amounts and the window are the published policy's:
 * a no-show, or a cancellation with under 24 hours' notice, costs the published deposit amount;
 * one inside the published notice window but with 24 hours or more, half of it, the tiers the
 * cancellation policy states. The artist records it once per session; it is charged at most once.
 */

type Booking = typeof bookings.$inferSelect;
const hour = 3_600_000;

export interface FeeTerms {
  kind: SessionFeeKind;
  /** What the fee would be now, in cents. */
  amountCents: number;
  /** Whether this session can take this fee now, and if not, why, in the artist's words. */
  allowed: boolean;
  why: string | null;
}

/** What each kind of fee would be for a session now, by the published policy. */
function feeTermsFor(facts: Facts, booking: Booking, now: Date): FeeTerms[] {
  const full = facts.policies.deposit.amount * 100;
  const windowHours = facts.bookingFacts.rescheduleNoticeHours;
  const begun = Date.parse(booking.startsAt) <= now.getTime();
  const noShow: FeeTerms = {
    kind: "no-show",
    amountCents: full,
    allowed: booking.status === "booked" && begun,
    why:
      booking.status !== "booked"
        ? "Only a booked session can be marked a no-show."
        : begun
          ? null
          : "A session can be marked a no-show once it has begun.",
  };
  const notice =
    booking.cancelledAt !== null
      ? Date.parse(booking.startsAt) - Date.parse(booking.cancelledAt)
      : Number.NaN;
  const late =
    booking.status === "cancelled" && booking.cancelledBy === "client" && notice < windowHours * hour;
  const lateCancellation: FeeTerms = {
    kind: "late-cancellation",
    amountCents: late && notice >= 24 * hour ? Math.round(full / 2) : full,
    allowed: late,
    why: late
      ? null
      : `Only a session the client cancelled with under ${windowHours} hours' notice takes a late-cancellation fee.`,
  };
  return [noShow, lateCancellation];
}

const cardView = (card: SavedCard | null) =>
  card?.brand && card.last4 && card.expMonth && card.expYear
    ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
    : null;

export const feeView = (fee: SessionFee) => ({
  id: fee.id,
  bookingId: fee.bookingId,
  kind: fee.kind,
  amountCents: fee.amountCents,
  status: fee.status,
  failureCode: fee.failureCode,
  failureMessage: fee.failureMessage,
  createdAt: fee.createdAt,
  chargedAt: fee.chargedAt,
});

/** The artist's view of a request's latest session and its fee: the card, the terms, what was done. */
export async function feeStateOf(env: Env, submissionId: string, now: Date) {
  const [booking] = await drizzle(env.DB)
    .select()
    .from(bookings)
    .where(eq(bookings.submissionId, submissionId))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  const card = cardView(await savedCardOf(env.DB, submissionId));
  const cardOnFile = paymentSetupOf(env).cardOnFile;
  if (!booking) return { cardOnFile, card, session: null, terms: [], fee: null };
  const [facts, fee] = await Promise.all([publishedFacts(env), feeOfBooking(env.DB, booking.id)]);
  return {
    cardOnFile,
    card,
    session: {
      id: booking.id,
      startsAt: booking.startsAt,
      status: booking.status,
      cancelledAt: booking.cancelledAt,
    },
    terms: feeTermsFor(facts, booking, now),
    fee: fee ? feeView(fee) : null,
  };
}

export type FeeOutcome =
  | { outcome: "not-found" }
  | { outcome: "not-eligible"; why: string }
  | { outcome: "amount-changed"; amountCents: number }
  | { outcome: "already"; fee: SessionFee }
  | { outcome: "recorded"; fee: SessionFee }
  | { outcome: "failed"; fee: SessionFee };

const kindWords: Record<SessionFeeKind, string> = {
  "no-show": "No-show",
  "late-cancellation": "Late cancellation",
};

/** Stripe's refusal in words the artist can act on. */
function failureOf(error: unknown): { code: string; message: string; paymentIntentId: string | null } {
  if (error instanceof StripeError && error.status !== null && error.status < 500 && error.status !== 429) {
    const code = error.code ?? "charge_failed";
    const message =
      code === "authentication_required"
        ? "The client's bank asks them to approve this charge themselves, which they cannot do while away. Nothing was charged: ask them to pay another way, or to save a new card."
        : `The card was declined: ${error.message} Nothing was charged.`;
    return { code, message, paymentIntentId: error.paymentIntentId };
  }
  return {
    code: "stripe_unreachable",
    message:
      "Stripe could not be reached, so whether the card was charged is not known yet. Try again: the same attempt is never charged twice.",
    paymentIntentId: null,
  };
}

/**
 * The artist records a no-show or a late cancellation of a session and charges its fee to the
 * card on file: claimed first (one fee per session; a second click or tab finds it taken), then
 * charged off-session with an idempotency key of the fee and its attempt, then settled: charged
 * (the client's receipt queued) or failed with Stripe's reason. With no card on file, or card on
 * file off, it is recorded as not charged. A failed fee may be tried again; nothing else may.
 */
export async function chargeSessionFee(
  env: Env,
  input: { bookingId: string; kind: SessionFeeKind; amountCents: number; actor: AuditActor; now: Date },
): Promise<FeeOutcome> {
  const booking = await bookingForFee(env.DB, input.bookingId);
  if (!booking) return { outcome: "not-found" };
  const existing = await feeOfBooking(env.DB, booking.id);
  const at = input.now.toISOString();
  let feeId: string;
  if (existing) {
    // A failed fee, or one whose charge the worker left unfinished, may be tried again (claimRetry).
    const retryable = existing.status === "failed" || existing.status === "charging";
    if (!retryable || existing.kind !== input.kind) return { outcome: "already", fee: existing };
    if (existing.amountCents !== input.amountCents)
      return { outcome: "amount-changed", amountCents: existing.amountCents };
    if (!(await claimRetry(env.DB, existing.id, at))) return { outcome: "already", fee: existing };
    feeId = existing.id;
  } else {
    const facts = await publishedFacts(env);
    const terms = feeTermsFor(facts, booking, input.now).find((t) => t.kind === input.kind);
    if (!terms?.allowed) return { outcome: "not-eligible", why: terms?.why ?? "This session takes no fee." };
    if (terms.amountCents !== input.amountCents)
      return { outcome: "amount-changed", amountCents: terms.amountCents };
    const settings = paymentSetupOf(env).cardOnFile ? stripeSettings(env) : null;
    const card = settings ? await savedCardOf(env.DB, booking.submissionId) : null;
    const claimed = await claimNewFee(env.DB, {
      submissionId: booking.submissionId,
      bookingId: booking.id,
      kind: input.kind,
      amountCents: terms.amountCents,
      status: card?.stripePaymentMethodId && terms.amountCents > 0 ? "charging" : "not-charged",
      actor: input.actor,
      now: at,
    });
    if (!claimed) {
      const taken = await feeOfBooking(env.DB, booking.id);
      return taken
        ? { outcome: "already", fee: taken }
        : { outcome: "not-eligible", why: terms.why ?? "This session changed meanwhile." };
    }
    feeId = claimed;
  }
  const fee = await feeById(env.DB, feeId);
  if (!fee) return { outcome: "not-found" };
  if (fee.status !== "charging") return { outcome: "recorded", fee };
  const settings = stripeSettings(env);
  const card = await savedCardOf(env.DB, booking.submissionId);
  return chargeClaimed(env, settings, fee, card, booking, input.now);
}

async function chargeClaimed(
  env: Env,
  settings: StripeSettings | null,
  fee: SessionFee,
  card: SavedCard | null,
  booking: Booking,
  now: Date,
): Promise<FeeOutcome> {
  const at = now.toISOString();
  try {
    if (!settings || !card?.stripePaymentMethodId)
      throw new StripeError("No card is on file for this client.", 400, "no_card");
    const facts = await publishedFacts(env);
    const { paymentIntentId } = await chargeCardOnFile(settings, {
      customerId: card.stripeCustomerId,
      paymentMethodId: card.stripePaymentMethodId,
      amountCents: fee.amountCents,
      description: `${kindWords[fee.kind]} fee, session of ${dayIn(booking.startsAt, studio.timeZone)} at ${facts.studio.name}`,
      metadata: { submission_id: fee.submissionId, booking_id: fee.bookingId, session_fee_id: fee.id },
      idempotencyKey: `session-fee-${fee.id}-${fee.attempt}`,
    });
    await settleCharged(env.DB, fee, paymentIntentId, at);
  } catch (error) {
    const failure = failureOf(error);
    await settleFailed(env.DB, fee.id, failure, at);
  }
  const settled = (await feeById(env.DB, fee.id)) ?? fee;
  return settled.status === "charged"
    ? { outcome: "recorded", fee: settled }
    : { outcome: "failed", fee: settled };
}

/** "$100 no-show fee": the amount and kind, as the artist's confirmation and the receipt say it. */
export const feeWords = (kind: SessionFeeKind, amountCents: number) =>
  `${formatUsd(amountCents)} ${kind === "no-show" ? "no-show" : "late-cancellation"} fee`;
