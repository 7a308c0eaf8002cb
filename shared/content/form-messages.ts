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

/**
 * One button under 'Request Sent!', as the attributes of its link (React's and hono's JSX both
 * take className) and its label, with what a screen reader hears after it.
 */
export interface RequestSentLink {
  className: string;
  href: string;
  target?: "_blank";
  rel?: string;
  label: string;
  note?: string;
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
  const button = (primary: boolean) => `button ${primary ? "button--primary" : "button--ghost"}`;
  const links: RequestSentLink[] = [];
  if (statusPath)
    links.push({
      className: button(true),
      href: statusPath,
      rel: "noreferrer",
      label: "See your request's status",
    });
  links.push(
    bookingUrl
      ? {
          className: button(!statusPath),
          href: bookingUrl,
          target: "_blank",
          rel: "noopener noreferrer",
          label: "Book Your Appointment",
          note: " (opens the booking calendar in a new tab)",
        }
      : { className: button(!statusPath), href: telHref, label: "Call to Book Your Appointment" },
  );
  links.push(
    { className: button(false), href: "/gallery", label: "View Portfolio" },
    { className: button(false), href: "/contact", label: "Contact Info" },
  );
  return links;
}
