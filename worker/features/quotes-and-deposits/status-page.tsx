/** @jsxImportSource hono/jsx */
import { formatDuration, formatPriceRange, formatUsd } from "../../../shared/money";
import { stageOf } from "../../../shared/request-stages";
import { studio } from "../../../shared/studio";
import { Banner } from "../../platform/banner";
import { studioTime } from "../../platform/studio-clock";
import { StageCard, StageForm } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import { type Deposit, type DepositPolicy, type Quote, quoteAndDepositOf } from "./service";
import { stripeSettings } from "./stripe";

/** Whether the artist closed (declined) the request: its quote is then neither shown nor taken. */
export const isClosed = (status: string) => stageOf(status, { quote: null, booking: null }) === "declined";

/** The quote section's anchor: where the quote's forms bring the client back to. */
export const quoteAnchor = "quote";

/** What was wrong with the date of birth given on accepting or paying: the banner says it. */
export type BirthDateProblem = "under-age" | "birth-date";

/** The date of birth asked before anything is accepted or paid, with the studio's age rule beside it. */
function BirthDateField() {
  return (
    <div class="quote-part__field">
      <label for="quote-date-of-birth">Your date of birth</label>
      <p class="quote-part__hint" id="quote-date-of-birth-hint">
        The studio tattoos adults only ({studio.claims.minimumAge} or older), so this is asked before any
        deposit. It fills in your release form later.
      </p>
      <input
        id="quote-date-of-birth"
        name="dateOfBirth"
        type="date"
        autocomplete="bday"
        required
        min="1900-01-01"
        aria-describedby="quote-date-of-birth-hint"
      />
    </div>
  );
}

/** The answer form of the conversation (worker/features/request-status/pages.tsx): "Ask a question" goes there. */
const answerField = "message-body";

function QuoteBanner({ query, paid, phone }: { query: URLSearchParams; paid: boolean; phone: string }) {
  if (query.get("quote") === "accepted")
    return <Banner kind="success">Thank you: you accepted the quote.</Banner>;
  if (query.get("quote") === "under-age")
    return (
      <Banner kind="error">
        {`The studio tattoos adults only: you must be ${studio.claims.minimumAge} or older to accept a quote and pay a deposit. Nothing was accepted or paid.`}
      </Banner>
    );
  if (query.get("quote") === "birth-date")
    return (
      <Banner kind="error">
        Enter your date of birth as a real date (month, day and year). Nothing was accepted or paid yet.
      </Banner>
    );
  if (query.get("quote") === "changed")
    return (
      <Banner kind="error">
        That quote has changed since you opened the page. Here is the artist's current quote.
      </Banner>
    );
  const deposit = query.get("deposit");
  if (deposit === "paid")
    return paid ? (
      <Banner kind="success">Thank you: your deposit is paid.</Banner>
    ) : (
      <Banner kind="success">
        Thank you: your payment is being confirmed. This page shows it as paid once Stripe tells us, usually
        within a minute.
      </Banner>
    );
  if (deposit === "cancelled" && !paid)
    return (
      <Banner kind="error">
        The payment was cancelled and nothing was charged. You can pay whenever you are ready.
      </Banner>
    );
  if (deposit === "unavailable")
    return (
      <Banner kind="error">
        {`We could not open the payment page just now. Please try again in a few minutes, or pay the deposit at the studio (call ${phone}).`}
      </Banner>
    );
  return null;
}

function Terms({ quote }: { quote: Quote }) {
  const range = quote.priceMinCents !== quote.priceMaxCents;
  const rows: [string, string][] = [
    [range ? "Price range" : "Price", formatPriceRange(quote.priceMinCents, quote.priceMaxCents)],
    ["Sessions", quote.sessions === 1 ? "1 session" : `${quote.sessions} sessions`],
    ["Each session", formatDuration(quote.sessionMinutes)],
    ["Deposit", formatUsd(quote.depositCents)],
  ];
  return (
    <>
      <dl class="quote-terms">
        {rows.map(([label, value]) => (
          <div>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {range && (
        <p class="quote-part__hint">
          The final price depends on the time your tattoo takes, within this range.
        </p>
      )}
      {quote.note && <p class="quote-part__note">{quote.note}</p>}
    </>
  );
}

/** The deposit rules of the studio's published booking policy, shown before anything is paid. */
function Rules({ policy, quote, paid }: { policy: DepositPolicy; quote: Quote; paid: boolean }) {
  return (
    <>
      <h3 id="deposit-rules-title">{paid ? "The deposit rules" : "Before you pay: the deposit rules"}</h3>
      <div class="quote-rules">
        <p>{policy.summary}</p>
        <p>
          {quote.depositCents > policy.amountCents
            ? `Your deposit is ${formatUsd(quote.depositCents)}; the studio's minimum is ${formatUsd(policy.amountCents)}.`
            : `Your deposit is ${formatUsd(quote.depositCents)}, the studio's minimum.`}{" "}
          If you cancel or move your session:
        </p>
        <ul>
          {policy.cancellation.map((rule) => (
            <li>{rule}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

function Paid({ deposit }: { deposit: Deposit }) {
  const how = deposit.method === "stripe" ? "paid online" : "received at the studio";
  return (
    <p class="quote-part__paid">
      <span aria-hidden="true">✓</span> <strong>Deposit paid: {formatUsd(deposit.amountCents)}</strong>, {how}
      {deposit.paidAt && (
        <>
          {" on "}
          <time datetime={deposit.paidAt}>{studioTime(deposit.paidAt)}</time>
        </>
      )}
      . It comes off the final price of your tattoo.
    </p>
  );
}

function Actions({ token, quote, online }: { token: string; quote: Quote; online: boolean }) {
  const ask = (
    <a class="button button--ghost" href={`#${answerField}`}>
      Ask a question
    </a>
  );
  if (quote.status === "sent") {
    return (
      <StageForm action={`/requests/${token}/quote/accept`} label="Accept the quote" also={ask}>
        <input type="hidden" name="quote" value={quote.id} />
        <BirthDateField />
      </StageForm>
    );
  }
  if (!online) {
    return (
      <p class="quote-part__accepted">
        You accepted this quote. Please pay the {formatUsd(quote.depositCents)} deposit in cash at the studio;
        the artist marks it received here, and then you can book your session.
      </p>
    );
  }
  return (
    <>
      <p class="quote-part__accepted">
        You accepted this quote. Paying the deposit holds your place; you then book your session here.
      </p>
      <StageForm
        action={`/requests/${token}/deposit`}
        label={`Pay the ${formatUsd(quote.depositCents)} deposit`}
        also={ask}
      >
        {/* A quote accepted before the date of birth was asked: it is asked here, before paying. */}
        {quote.clientBornOn ? null : <BirthDateField />}
      </StageForm>
      <p class="quote-part__hint">
        You pay on Stripe's secure page; the studio never sees your card. You can also pay in cash at the
        studio.
      </p>
    </>
  );
}

/**
 * The request's quote on its status page: the terms, the deposit rules of the published booking
 * policy, then what the client can do next (accept, pay the deposit, or ask a question), or the
 * deposit paid. Nothing before the artist sends a quote.
 */
export async function quotePart(context: JourneyContext): Promise<Section | null> {
  // A request the artist closed has no quote left to accept or pay.
  if (isClosed(context.request.status)) return null;
  const db = context.env.DB;
  const { quote, deposit, policy } = await quoteAndDepositOf(db, context.request.id);
  if (!quote) return null;
  // The same test as the pages' deposit words (paymentSetupOf): card when Stripe is configured.
  const online = context.facts.payment.cardDeposits && stripeSettings(context.env) !== null;
  return (
    <StageCard part="quote-part" anchor={quoteAnchor} titleId="quote-title">
      <h2 id="quote-title">Your quote</h2>
      <QuoteBanner query={context.query} paid={Boolean(deposit)} phone={context.facts.studio.phone.display} />
      <p class="quote-part__meta">
        Sent <time datetime={quote.createdAt}>{studioTime(quote.createdAt)}</time>
      </p>
      <Terms quote={quote} />
      {deposit ? (
        <>
          <Paid deposit={deposit} />
          <Rules policy={policy} quote={quote} paid />
        </>
      ) : (
        <>
          <Rules policy={policy} quote={quote} paid={false} />
          <Actions token={context.token} quote={quote} online={online} />
        </>
      )}
    </StageCard>
  );
}
