import { depositPaymentSentence } from "../../../../shared/payment-methods";
import { useFacts } from "../../../content/content-context";

/** The 'what to expect' box of /book-consultation. */
export function WhatToExpect() {
  const { payment, policies, studio, telHref } = useFacts();
  return (
    <aside className="expect-box" aria-labelledby="expect-title">
      <h2 id="expect-title">What to expect</h2>
      <ol className="expect-box__steps">
        <li>
          <strong>Send your request.</strong> Tell us your idea, size, placement and when you are free.
        </li>
        <li>
          <strong>We reply within {studio.claims.replyWithin}</strong> to arrange your free consultation of{" "}
          {studio.claims.consultationMinutes}.
        </li>
        <li>
          <strong>Meet {studio.artist.firstName}.</strong> Bring reference images; we talk design, placement,
          price and timing. No commitment.
        </li>
        <li>
          {/* The deposit in brief, beside the form; its whole policy is on the services page. */}
          <strong>Book your session.</strong> A ${policies.deposit.amount} deposit, applied to the final
          price, secures your date. {depositPaymentSentence(payment)}
        </li>
      </ol>
      <p className="expect-box__note">{policies.age}</p>
      <p className="expect-box__phone">
        Prefer to talk? Call or text <a href={telHref}>{studio.phone.display}</a>.
      </p>
    </aside>
  );
}
