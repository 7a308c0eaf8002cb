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
