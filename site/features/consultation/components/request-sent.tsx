import { useEffect, useRef } from "react";
import { consultationSuccessMessage, requestSentNext } from "../../../../shared/content/form-messages";
import { Link } from "../../../components/link";
import { useFacts } from "../../../content/content-context";

/**
 * The 'Request Sent!' screen that replaces the form: the page scrolls to the top and focus moves
 * to its heading, so the visitor (and a screen reader) lands on the confirmation. The worker
 * writes the same screen for a request sent without JavaScript (worker/routes/form-posts.ts).
 */
export function RequestSent({ bookingUrl }: { bookingUrl: string | null | undefined }) {
  const { telHref } = useFacts();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div className="book-layout book-layout--sent">
      <section className="request-sent" aria-labelledby="request-sent-title">
        <p className="request-sent__mark" aria-hidden="true">
          ✓
        </p>
        <h2 id="request-sent-title" ref={heading} tabIndex={-1}>
          Request Sent!
        </h2>
        <p role="status" className="request-sent__message">
          {consultationSuccessMessage}
        </p>
        <p className="request-sent__next">{requestSentNext}</p>
        <div className="button-row button-row--center request-sent__links">
          {bookingUrl ? (
            <a className="button button--primary" href={bookingUrl} target="_blank" rel="noopener noreferrer">
              Book Your Appointment
              <span className="visually-hidden"> (opens the booking calendar in a new tab)</span>
            </a>
          ) : (
            <a className="button button--primary" href={telHref}>
              Call to Book Your Appointment
            </a>
          )}
          <Link className="button button--ghost" to="/gallery">
            View Portfolio
          </Link>
          <Link className="button button--ghost" to="/contact">
            Contact Info
          </Link>
        </div>
      </section>
    </div>
  );
}
