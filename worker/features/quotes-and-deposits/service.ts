import { formatDuration, formatPriceRange, formatUsd } from "../../../shared/money";
import type { quoteSchema } from "../../../shared/schemas/quotes";
import type { z } from "../../../shared/schemas/z";
import { policies } from "../../../shared/studio";
import type { Deposit, Quote } from "../../platform/db/schema";
import { publishedFacts } from "../content/facts";
import { postMessage } from "../conversation/service";
import {
  acceptQuote,
  forgetClientBirthDate,
  insertDepositByHand,
  insertQuote,
  openQuoteOf,
  paidDepositOf,
  recordClientBirthDate,
} from "./queries";

/**
 * The artist's quote on a consultation request and the deposit that secures it
 * (docs/decisions/020-quote-to-healed.md, "Quote and deposit"). Amounts are whole cents.
 */

/** The deposit rules as the studio publishes them, and its deposit: shown before paying. */
export interface DepositPolicy {
  amountCents: number;
  summary: string;
  cancellation: readonly string[];
}

/**
 * The booking policy's deposit as published (the artist edits it in the Studio), or the seed's
 * when nothing is published or the database cannot say. Never below the studio's minimum.
 */
async function depositPolicy(db: D1Database): Promise<DepositPolicy> {
  const published = (await publishedFacts({ DB: db })).policies;
  return {
    amountCents: Math.max(published.deposit.amount, policies.deposit.amount) * 100,
    summary: published.deposit.summary,
    cancellation: published.cancellation,
  };
}

/** One line for the audit log and the inbox: "$800–$1,200 · 2 × 4 hours · deposit $100". */
function quoteSummary(
  quote: Pick<Quote, "priceMinCents" | "priceMaxCents" | "sessions" | "sessionMinutes" | "depositCents">,
) {
  return `${formatPriceRange(quote.priceMinCents, quote.priceMaxCents)} · ${quote.sessions} × ${formatDuration(
    quote.sessionMinutes,
  )} · deposit ${formatUsd(quote.depositCents)}`;
}

/** The quote as the conversation shows it: the client reads it in the thread and in the e-mail. */
function quoteMessage(quote: Quote): string {
  const sessions =
    quote.sessions === 1
      ? `One session of ${formatDuration(quote.sessionMinutes)}`
      : `${quote.sessions} sessions of ${formatDuration(quote.sessionMinutes)} each`;
  return [
    "I have sent you a quote for your tattoo:",
    "",
    `Price: ${formatPriceRange(quote.priceMinCents, quote.priceMaxCents)}${quote.priceMinCents === quote.priceMaxCents ? "" : " (the final price depends on the time it takes)"}`,
    sessions,
    `Deposit: ${formatUsd(quote.depositCents)}, applied to the final price`,
    ...(quote.note ? ["", quote.note] : []),
    "",
    "You can accept it, or ask me a question, on your request's page.",
  ].join("\n");
}

/**
 * Sends a quote: the open one is withdrawn, the new one stored and audited, and it is posted in
 * the conversation, whose e-mail tells the client (the caller hands `deliverMessageMail` the
 * returned message id).
 */
export async function sendQuote(
  env: { DB: D1Database },
  input: {
    submissionId: string;
    quote: z.output<typeof quoteSchema>;
    actor: { id: string; email: string };
    now: Date;
  },
): Promise<{ quote: Quote; messageId: string }> {
  const createdAt = input.now.toISOString();
  const policy = await depositPolicy(env.DB);
  const priceMinCents = input.quote.priceFrom * 100;
  const quote: Quote = {
    id: crypto.randomUUID(),
    submissionId: input.submissionId,
    priceMinCents,
    priceMaxCents: input.quote.priceTo != null ? input.quote.priceTo * 100 : priceMinCents,
    sessions: input.quote.sessions,
    sessionMinutes: input.quote.sessionMinutes,
    depositCents: input.quote.deposit != null ? input.quote.deposit * 100 : policy.amountCents,
    note: input.quote.note,
    status: "sent",
    createdAt,
    acceptedAt: null,
    clientBornOn: null,
  };
  await insertQuote(env.DB, quote, input.actor, quoteSummary(quote));
  // The quote is already audited: the message that carries it is not a second admin action.
  const message = await postMessage(env, {
    submissionId: input.submissionId,
    author: "artist",
    body: quoteMessage(quote),
    now: input.now,
  });
  return { quote, messageId: message.id };
}

export class NoOpenQuote extends Error {}

/** The open quote has no date of birth behind it: the artist reads it from the client's ID. */
export class BirthDateNeeded extends Error {}

/**
 * The artist received the deposit by hand (cash at the studio, or no Stripe keys): recorded on
 * the open quote, with its deposit amount. False when a deposit is already paid. The studio's
 * age rule holds here too: a quote the client accepted carries their date of birth; otherwise
 * the artist gives it (already checked against the rule by the route's schema).
 */
export async function markDepositReceived(
  env: { DB: D1Database },
  input: {
    submissionId: string;
    clientBornOn: string | null;
    actor: { id: string; email: string };
    now: Date;
  },
): Promise<boolean> {
  const quote = await openQuoteOf(env.DB, input.submissionId);
  if (!quote) throw new NoOpenQuote();
  if (!quote.clientBornOn && !input.clientBornOn) throw new BirthDateNeeded();
  return insertDepositByHand(
    env.DB,
    {
      id: crypto.randomUUID(),
      submissionId: input.submissionId,
      quoteId: quote.id,
      amountCents: quote.depositCents,
      clientBornOn: input.clientBornOn,
      now: input.now.toISOString(),
    },
    input.actor,
  );
}

export type { Deposit, Quote };

/** A request's open quote and paid deposit (each null when there is none) and the deposit policy. */
export async function quoteAndDepositOf(db: D1Database, submissionId: string) {
  const [quote, deposit, policy] = await Promise.all([
    openQuoteOf(db, submissionId),
    paidDepositOf(db, submissionId),
    depositPolicy(db),
  ]);
  return { quote: quote ?? null, deposit: deposit ?? null, policy };
}

/**
 * The client accepts the quote they saw, giving their date of birth (already checked against
 * the studio's age rule): only that quote, and only while it is open, so a quote replaced or
 * accepted meanwhile is not accepted blind. Returns whether it was.
 */
export function acceptQuoteOf(
  db: D1Database,
  input: { submissionId: string; quoteId: string; clientBornOn: string; now: Date },
) {
  const { submissionId, quoteId } = input;
  return acceptQuote(db, { submissionId, quoteId }, input.clientBornOn, input.now.toISOString());
}

/** The date of birth for an accepted quote that has none yet; false when it is not the accepted one. */
export const recordBirthDateOf = recordClientBirthDate;

/** The date of birth the client gave with their accepted quote, to fill in the release form. */
export async function clientBirthDateOf(db: D1Database, submissionId: string): Promise<string | null> {
  const quote = await openQuoteOf(db, submissionId);
  return quote?.status === "accepted" ? quote.clientBornOn : null;
}

/** Once the signed release form holds the date of birth, the quote forgets it. */
export const forgetBirthDateOf = forgetClientBirthDate;
