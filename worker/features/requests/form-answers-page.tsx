/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import {
  consultationSuccessMessage,
  requestSentLinks,
  requestSentNext,
} from "../../../shared/content/form-messages";
import { sentAnchor } from "../../platform/form-answers";

/**
 * The screens the worker writes in place of a form posted without JavaScript: the 'Request
 * Sent!' screen and the waitlist's confirmations (a field's error and the banners every form
 * shares are in worker/platform/form-answers.tsx).
 */

/** A confirmation in the place of a form (the look of the request form's 'sent' screen). */
function Notice({
  id,
  heading,
  mark = true,
  children,
}: {
  id: string;
  heading: string;
  /** The check mark of something done; a question still to answer has none. */
  mark?: boolean;
  children: Child;
}) {
  return (
    <div class="book-layout book-layout--sent">
      <section id={id} class="request-sent" aria-labelledby={`${id}-title`}>
        {mark && (
          <p class="request-sent__mark" aria-hidden="true">
            ✓
          </p>
        )}
        <h2 id={`${id}-title`} tabindex={-1}>
          {heading}
        </h2>
        {children}
      </section>
    </div>
  );
}

/**
 * The 'Request Sent!' screen, as the browser form shows it after a request is saved: the same as
 * the script's (site/features/consultation/components/request-sent.tsx). The request's private
 * page is the way on; an outside booking calendar only where the studio configured one, and never
 * above it.
 */
export function RequestSent({
  bookingUrl,
  statusPath,
  telHref,
}: {
  bookingUrl: string | null;
  statusPath: string | null;
  /** The studio's published phone, as a tel: link. */
  telHref: string;
}) {
  return (
    <Notice id={sentAnchor} heading="Request Sent!">
      <p role="status" class="request-sent__message">
        {consultationSuccessMessage}
      </p>
      <p class="request-sent__next">{requestSentNext}</p>
      <p class="request-sent__status">
        {statusPath
          ? "Follow your request on its private page (we have e-mailed you the link too). Anyone with the link can see your request, so keep it to yourself."
          : "We have e-mailed you a private link to follow your request."}
      </p>
      <div class="button-row button-row--center request-sent__links">
        {requestSentLinks({ statusPath, bookingUrl, telHref }).map(({ label, note, ...attributes }) => (
          <a {...attributes}>
            {label}
            {note ? <span class="visually-hidden">{note}</span> : null}
          </a>
        ))}
      </div>
    </Notice>
  );
}

function BrowseLinks() {
  return (
    <div class="button-row button-row--center request-sent__links">
      <a class="button button--primary" href="/flash">
        Browse Flash
      </a>
      <a class="button button--ghost" href="/gallery">
        View Portfolio
      </a>
    </div>
  );
}

/** A waitlist confirmation, in the place of the sign-up. */
export function WaitlistNotice({ id, heading, message }: { id: string; heading: string; message: string }) {
  return (
    <Notice id={id} heading={heading}>
      <p role="status" class="request-sent__message">
        {message}
      </p>
      <BrowseLinks />
    </Notice>
  );
}

/** The leave page's form: its one button posts the token back. */
export function LeaveWaitlist({ token }: { token: string }) {
  return (
    <Notice id="waitlist-leave" heading="One click to go" mark={false}>
      <p class="request-sent__message">
        We will delete your name, e-mail address and styles, and send you nothing more.
      </p>
      <form method="post" action="/waitlist/leave" class="button-row button-row--center request-sent__links">
        <input type="hidden" name="token" value={token} />
        <button type="submit" class="button button--primary">
          Leave the waitlist
        </button>
        <a class="button button--ghost" href="/">
          Stay on it
        </a>
      </form>
    </Notice>
  );
}

export const waitlistLeft = (
  <WaitlistNotice
    id="waitlist-left"
    heading="Your entry is deleted"
    message="The waitlist will not e-mail you again. You're welcome back any time."
  />
);

/** A waitlist page's main part: its heading (as every page's hero shows it), then the card. */
export function WaitlistMain({ heading, children }: { heading: string; children: Child }) {
  return (
    <main id="main" tabindex={-1}>
      <div class="page page--book">
        <header class="page-hero">
          <p class="eyebrow">Waitlist</p>
          <h1>{heading}</h1>
        </header>
        {children}
      </div>
    </main>
  );
}

/**
 * The flash design "Book this design" attached, on the booking page without JavaScript: a card
 * inside <noscript>, and the hidden field joined to the request form by its `form` attribute.
 */
export function AttachedDesign({ id, title }: { id: string; title: string }) {
  return (
    <noscript>
      <section class="attached-design" aria-labelledby="attached-design-label">
        <img class="attached-design__thumb" src={`/flash/${id}-thumb.webp`} width={72} height={72} alt="" />
        <div class="attached-design__text">
          <p id="attached-design-label" class="attached-design__label">
            Flash design attached
          </p>
          <p class="attached-design__title">{title}</p>
        </div>
        <input type="hidden" form="consultation-form" name="flashDesign" value={id} />
      </section>
    </noscript>
  );
}
