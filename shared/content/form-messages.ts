/**
 * What the public forms say once a submission is saved, word for word as the studio wrote it:
 * the browser forms show it, and the worker's answer to a form posted without JavaScript shows
 * the same words.
 */
export const contactSuccessMessage = "✅ Thank you for your message! We'll get back to you within 24 hours.";

export const consultationSuccessMessage =
  "Consultation request submitted successfully! We'll contact you within 24 hours to schedule your free session.";

/** The line under it on the 'Request Sent!' screen. */
export const requestSentNext =
  "Want to pick a time now? Choose a slot in the studio's booking calendar, or keep browsing.";

/** One button under 'Request Sent!'. */
export interface RequestSentLink {
  href: string;
  label: string;
  primary: boolean;
  /** Opens in a new tab, with this said to screen readers after the label. */
  newTab?: string;
  rel?: string;
}

/**
 * The buttons under 'Request Sent!', the same on the page with JavaScript and on the worker's page
 * without it: the request's status page first when it has one, then booking (the calendar, or the
 * studio's phone where there is none), then browsing. The first is the primary one.
 */
export function requestSentLinks({
  statusPath,
  bookingUrl,
  telHref,
}: {
  statusPath: string | null | undefined;
  bookingUrl: string | null | undefined;
  telHref: string;
}): RequestSentLink[] {
  const links: RequestSentLink[] = [];
  if (statusPath)
    links.push({ href: statusPath, label: "See your request's status", primary: true, rel: "noreferrer" });
  links.push(
    bookingUrl
      ? {
          href: bookingUrl,
          label: "Book Your Appointment",
          primary: !statusPath,
          newTab: " (opens the booking calendar in a new tab)",
          rel: "noopener noreferrer",
        }
      : { href: telHref, label: "Call to Book Your Appointment", primary: !statusPath },
  );
  links.push(
    { href: "/gallery", label: "View Portfolio", primary: false },
    { href: "/contact", label: "Contact Info", primary: false },
  );
  return links;
}
