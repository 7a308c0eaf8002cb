/** @jsxImportSource hono/jsx */
import { Banner } from "../../platform/banner";
import type { JourneyContext } from "../request-status/journey";
import { savedCardOf } from "./card-queries";
import type { SavedCard } from "./card-tables";

/**
 * The booking step's card on file (docs/decisions/038-card-on-file.md): while the studio keeps
 * cards (`facts.payment.cardOnFile`), a client with no card saved reads the policy, in the
 * published words, before the button that takes them to Stripe's page to save one; once saved,
 * the card shows by brand, last four digits and expiry above the times to book. A plain form, as
 * the rest of the page.
 */

/** The booking part's anchor, where Stripe's page sends the client back to. */
export const cardStepAnchor = "booking";

const cardLine = (card: Pick<SavedCard, "brand" | "last4" | "expMonth" | "expYear">) => {
  const brand = (card.brand ?? "card").replace(/^\w/, (first) => first.toUpperCase());
  const expiry =
    card.expMonth && card.expYear
      ? `, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`
      : "";
  return `${brand} ending ${card.last4}${expiry}`;
};

/** What the card part holds for a request about to book: nothing, the step, or the saved card. */
export async function cardOnFileOf(
  context: JourneyContext,
): Promise<{ need: false } | { need: true; card: SavedCard | null }> {
  if (!context.facts.payment.cardOnFile) return { need: false };
  return { need: true, card: await savedCardOf(context.env.DB, context.request.id) };
}

function CardBanner({ query, saved }: { query: URLSearchParams; saved: boolean }) {
  const card = query.get("card");
  if (card === "saved")
    return saved ? (
      <Banner kind="success">Your card is saved. Now choose your session's time.</Banner>
    ) : (
      <Banner kind="success">
        Stripe is confirming your card: this page shows it within a minute. Reload the page to see it.
      </Banner>
    );
  if (card === "cancelled" && !saved)
    return <Banner kind="error">No card was saved. A card on file is needed to book a session.</Banner>;
  if (card === "unavailable")
    return (
      <Banner kind="error">
        The card page could not be opened just now. Please try again in a minute, or call the studio.
      </Banner>
    );
  if (query.get("booking") === "card" && !saved)
    return <Banner kind="error">Save a card first: a card on file is needed to book a session.</Banner>;
  return null;
}

/** The step before the times: the policy, then the way to Stripe's page. */
export function CardStep({ context }: { context: JourneyContext }) {
  const { token, facts, query } = context;
  return (
    <div class="card-step">
      <CardBanner query={query} saved={false} />
      <h3 class="card-step__title">First, a card on file</h3>
      <p class="card-step__policy">{facts.cardOnFilePolicy}</p>
      <p>
        You save it on Stripe's secure page; nothing is charged now. The studio never sees your card number,
        only the card's brand, its last four digits and its expiry.
      </p>
      <form method="post" action={`/requests/${token}/card`}>
        <button class="button button--primary" type="submit">
          Save a card with Stripe
        </button>
      </form>
    </div>
  );
}

/** The card saved, above the times to book. */
export function CardOnFile({ context, card }: { context: JourneyContext; card: SavedCard }) {
  return (
    <>
      <CardBanner query={context.query} saved={true} />
      <p class="card-step__saved">
        Card on file: <strong>{cardLine(card)}</strong>. {context.facts.cardOnFilePolicy}
      </p>
    </>
  );
}
