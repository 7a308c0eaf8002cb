import { formatDuration, formatPriceRange, formatUsd } from "../../../shared/money";
import { stageOf } from "../../../shared/request-stages";
import { studio } from "../../../shared/studio";
import { openQuoteOf, paidDepositOf } from "../../db/queries/quotes";
import type { Deposit, Quote } from "../../db/schema";
import { escapeHtml } from "../../lib/form-page";
import { studioTime } from "../../platform/studio-clock";
import { type DepositPolicy, depositPolicy } from "../../services/quotes";
import { stripeSettings } from "../../services/stripe";
import type { JourneyContext } from "./journey";

/** Whether the artist closed (declined) the request: its quote is then neither shown nor taken. */
export const isClosed = (status: string) => stageOf(status, { quote: null, booking: null }) === "declined";

/** The quote section's anchor: where the quote's forms bring the client back to. */
export const quoteAnchor = "quote";

/** The answer form of the conversation (worker/pages/request-status.ts): "Ask a question" goes there. */
const answerField = "message-body";

function banner(query: URLSearchParams, paid: boolean): string {
  const success = (text: string) =>
    `<p class="request-status__banner request-status__banner--success" role="status">${text}</p>`;
  const problem = (text: string) =>
    `<p class="request-status__banner request-status__banner--error" role="alert">${text}</p>`;
  if (query.get("quote") === "accepted") return success("Thank you: you accepted the quote.");
  if (query.get("quote") === "changed")
    return problem("That quote has changed since you opened the page. Here is the artist's current quote.");
  const deposit = query.get("deposit");
  if (deposit === "paid")
    return paid
      ? success("Thank you: your deposit is paid.")
      : success(
          "Thank you: your payment is being confirmed. This page shows it as paid once Stripe tells us, usually within a minute.",
        );
  if (deposit === "cancelled" && !paid)
    return problem("The payment was cancelled and nothing was charged. You can pay whenever you are ready.");
  if (deposit === "unavailable")
    return problem(
      `We could not open the payment page just now. Please try again in a few minutes, or pay the deposit at the studio (call ${escapeHtml(studio.phone.display)}).`,
    );
  return "";
}

function termsHtml(quote: Quote): string {
  const range = quote.priceMinCents !== quote.priceMaxCents;
  const rows: [string, string][] = [
    [range ? "Price range" : "Price", formatPriceRange(quote.priceMinCents, quote.priceMaxCents)],
    ["Sessions", quote.sessions === 1 ? "1 session" : `${quote.sessions} sessions`],
    ["Each session", formatDuration(quote.sessionMinutes)],
    ["Deposit", formatUsd(quote.depositCents)],
  ];
  return `<dl class="quote-terms">${rows
    .map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join("")}</dl>${
    range
      ? `<p class="quote-part__hint">The final price depends on the time your tattoo takes, within this range.</p>`
      : ""
  }${quote.note ? `<p class="quote-part__note">${escapeHtml(quote.note)}</p>` : ""}`;
}

/** The deposit rules of the studio's published booking policy, shown before anything is paid. */
function rulesHtml(policy: DepositPolicy, quote: Quote, paid: boolean): string {
  return `<h3 id="deposit-rules-title">${paid ? "The deposit rules" : "Before you pay: the deposit rules"}</h3>
<div class="quote-rules" aria-labelledby="deposit-rules-title"><p>${escapeHtml(policy.summary)}</p>
<p>${
    quote.depositCents > policy.amountCents
      ? `Your deposit is ${escapeHtml(formatUsd(quote.depositCents))}; the studio's minimum is ${escapeHtml(formatUsd(policy.amountCents))}.`
      : `Your deposit is ${escapeHtml(formatUsd(quote.depositCents))}, the studio's minimum.`
  } If you cancel or move your session:</p>
<ul>${policy.cancellation.map((rule) => `<li>${escapeHtml(rule)}</li>`).join("")}</ul></div>`;
}

function paidHtml(deposit: Deposit): string {
  const how = deposit.method === "stripe" ? "paid online" : "received at the studio";
  const when = deposit.paidAt
    ? ` on <time datetime="${deposit.paidAt}">${escapeHtml(studioTime(deposit.paidAt))}</time>`
    : "";
  return `<p class="quote-part__paid"><span aria-hidden="true">✓</span> <strong>Deposit paid: ${escapeHtml(
    formatUsd(deposit.amountCents),
  )}</strong>, ${how}${when}. It comes off the final price of your tattoo.</p>`;
}

function actionsHtml(context: JourneyContext, quote: Quote, online: boolean): string {
  const ask = `<a class="button button--ghost" href="#${answerField}">Ask a question</a>`;
  if (quote.status === "sent") {
    return `<form class="quote-part__actions" method="post" action="/requests/${context.token}/quote/accept"><input type="hidden" name="quote" value="${escapeHtml(
      quote.id,
    )}" /><button class="button button--primary" type="submit">Accept the quote</button>${ask}</form>`;
  }
  if (!online) {
    return `<p class="quote-part__accepted">You accepted this quote. Please pay the ${escapeHtml(
      formatUsd(quote.depositCents),
    )} deposit in cash at the studio; the artist marks it received here, and then you can book your session.</p>`;
  }
  return `<p class="quote-part__accepted">You accepted this quote. Paying the deposit holds your place; you then book your session here.</p>
<form class="quote-part__actions" method="post" action="/requests/${context.token}/deposit"><button class="button button--primary" type="submit">Pay the ${escapeHtml(
    formatUsd(quote.depositCents),
  )} deposit</button>${ask}</form>
<p class="quote-part__hint">You pay on Stripe's secure page; the studio never sees your card. You can also pay in cash at the studio.</p>`;
}

/**
 * The request's quote on its status page: the terms, the deposit rules of the published booking
 * policy, then what the client can do next (accept, pay the deposit, or ask a question), or the
 * deposit paid. Nothing before the artist sends a quote.
 */
export async function quotePart(context: JourneyContext): Promise<string> {
  // A request the artist closed has no quote left to accept or pay.
  if (isClosed(context.request.status)) return "";
  const db = context.env.DB;
  const [quote, deposit, policy] = await Promise.all([
    openQuoteOf(db, context.request.id),
    paidDepositOf(db, context.request.id),
    depositPolicy(db),
  ]);
  if (!quote) return "";
  const online = stripeSettings(context.env) !== null;
  const sent = `<p class="quote-part__meta">Sent <time datetime="${quote.createdAt}">${escapeHtml(
    studioTime(quote.createdAt),
  )}</time></p>`;
  return `<section class="request-status__card quote-part" id="${quoteAnchor}" aria-labelledby="quote-title" tabindex="-1"><h2 id="quote-title">Your quote</h2>${banner(
    context.query,
    Boolean(deposit),
  )}${sent}${termsHtml(quote)}${
    deposit
      ? `${paidHtml(deposit)}${rulesHtml(policy, quote, true)}`
      : `${rulesHtml(policy, quote, false)}${actionsHtml(context, quote, online)}`
  }</section>`;
}
