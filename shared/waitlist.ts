/**
 * The waitlist's words and addresses, apart from its schema (shared/schemas/waitlist.ts) so that
 * the page's script can use them without loading the validation library.
 */

/** The field names as the form and its error summary say them. */
export const waitlistFieldLabels: Record<string, string> = {
  name: "Name",
  email: "Email",
  styles: "Styles you're interested in",
};

/** What the visitor reads once they are on the list, with JavaScript or without. */
export const waitlistJoinedMessage =
  "You're on the waitlist. We'll e-mail you once, when the books open again; every e-mail has a link to leave the list.";

/** Where the no-JavaScript form posts, beside the JSON endpoint /api/waitlist. */
export const waitlistFormPath = "/forms/waitlist";
