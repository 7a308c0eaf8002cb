import { useEffect, useRef } from "react";
import {
  consultationSuccessMessage,
  requestSentLinks,
  requestSentNext,
} from "../../../../shared/content/form-messages";
import { useFacts } from "../../../content/content-context";

/**
 * The 'Request Sent!' screen that replaces the form: the page scrolls to the top and focus moves
 * to its heading, so the visitor (and a screen reader) lands on the confirmation. The worker
 * writes the same screen for a request sent without JavaScript (worker/features/requests/form-routes.ts).
 * It leads to the request's private status page; the link is followed by path, so it stays on
 * the origin the visitor is on (the e-mailed copy names the studio's own).
 */
export function RequestSent({
  bookingUrl,
  statusUrl,
}: {
  bookingUrl: string | null | undefined;
  statusUrl?: string | undefined;
}) {
  const { telHref } = useFacts();
  const heading = useRef<HTMLHeadingElement>(null);
  const statusPath = statusUrl ? new URL(statusUrl, window.location.origin).pathname : null;

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
        {statusPath ? (
          <p className="request-sent__status">
            Follow your request on its private page (we have e-mailed you the link too). Anyone with the link
            can see your request, so keep it to yourself.
          </p>
        ) : null}
        <div className="button-row button-row--center request-sent__links">
          {requestSentLinks({ statusPath, bookingUrl, telHref }).map(({ label, note, ...attributes }) => (
            <a key={label} {...attributes}>
              {label}
              {note ? <span className="visually-hidden">{note}</span> : null}
            </a>
          ))}
        </div>
      </section>
    </div>
  );
}
