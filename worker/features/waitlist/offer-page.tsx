/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { studioTime } from "../../platform/studio-clock";
import { lengthWords, type OfferView, type TakeOutcome } from "./offers";

/**
 * The page behind an offer's private link (docs/decisions/039-freed-slot-offers.md): the time,
 * one button to take it, and plainly, when it is no longer there, that it has gone.
 */

function OfferCard({ heading, mark, children }: { heading: string; mark?: boolean; children: Child }) {
  return (
    <div class="book-layout book-layout--sent">
      <section id="offer" class="request-sent" aria-labelledby="offer-title">
        {mark && (
          <p class="request-sent__mark" aria-hidden="true">
            ✓
          </p>
        )}
        <h2 id="offer-title" tabindex={-1}>
          {heading}
        </h2>
        {children}
      </section>
    </div>
  );
}

const refusals: Record<Exclude<TakeOutcome, "yours" | "gone" | "expired" | "unknown">, string> = {
  deposit:
    "Your deposit is not paid yet, and a time is booked only with it. Pay it on your request's page (the link is in the offer's e-mail), then come back to this link: if the time is still free, it is yours.",
  card: "A card on file is needed to book a session, and yours is not saved yet. Save it on your request's page (the link is in the offer's e-mail), then come back to this link: if the time is still free, it is yours.",
  limit:
    "You have changed your session the most times a page allows. Please call the studio to take this time.",
  refused: "This time can no longer be booked online. Please call the studio if you would like it.",
};

/** The offer page's main part for the view (and the outcome of a take that did not book). */
export function OfferMain({
  token,
  view,
  refused,
  phone,
}: {
  token: string;
  view: OfferView;
  refused?: TakeOutcome | undefined;
  phone: { display: string; href: string };
}) {
  const when =
    view.state === "unknown"
      ? ""
      : `${studioTime(view.startsAt)}, ${lengthWords(view.startsAt, view.endsAt)}`;
  const call = (
    <p class="request-sent__message">
      Questions? Call the studio on <a href={phone.href}>{phone.display}</a>.
    </p>
  );
  const card =
    view.state === "unknown" ? (
      <OfferCard heading="This link does not open an offer">
        <p class="request-sent__message">
          It may be mistyped, or a newer e-mail replaced it: use the link in the latest e-mail.
        </p>
        {call}
      </OfferCard>
    ) : view.state === "yours" ? (
      <OfferCard heading="This time is yours" mark>
        <p role="status" class="request-sent__message">
          Your session is booked for {when}. A confirmation is on its way by e-mail, and your request's page
          shows it.
        </p>
      </OfferCard>
    ) : view.state === "gone" ? (
      <OfferCard heading="This time has gone">
        <p role="status" class="request-sent__message">
          Someone else took {when} first. You stay on the list, and we will e-mail you if another time frees
          up.
        </p>
        {call}
      </OfferCard>
    ) : view.state === "expired" ? (
      <OfferCard heading="This offer has ended">
        <p class="request-sent__message">
          The offer of {when} is no longer open. You stay on the list for the next time that frees up.
        </p>
        {call}
      </OfferCard>
    ) : (
      <OfferCard heading="A time has freed up">
        <p class="request-sent__message">
          <strong>{when}</strong>
        </p>
        {refused && refused in refusals && (
          <p role="alert" class="request-sent__message">
            {refusals[refused as keyof typeof refusals]}
          </p>
        )}
        <p class="request-sent__message">
          Other clients may have been offered it too: the first to take it has it. The offer is open until{" "}
          {view.expiresAt ? studioTime(view.expiresAt) : "the time is taken"}.
        </p>
        <form
          method="post"
          action={`/offers/${token}`}
          class="button-row button-row--center request-sent__links"
        >
          <button type="submit" class="button button--primary">
            Take this time
          </button>
        </form>
      </OfferCard>
    );
  return (
    <main id="main" tabindex={-1}>
      <div class="page page--book">
        <header class="page-hero">
          <p class="eyebrow">Your offer</p>
          <h1>A sooner session</h1>
        </header>
        {card}
      </div>
    </main>
  );
}
