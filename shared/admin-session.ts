/**
 * What the admin's first screen needs of the admin contract, with no schema library behind it:
 * the sign-in page and the shell load this with the first bytes, the schemas come with the
 * screens that use them.
 */
/** Sign-in messages, word for word as the admin shows them. */
export const loginMessages = {
  missing: "Please enter both email and password.",
  invalid: "Invalid email or password. Please check your credentials.",
  connection: "Unable to connect to the server. Please check your internet connection and try again.",
  failed: "Login failed. Please check your credentials.",
  noUser: "Login failed. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  tooMany: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  signOutTimeout: "Sign out timeout after 10 seconds",
  sessionEnded:
    "Your session ended after a while without activity. Sign in again to go back to where you were; notes you were typing are kept.",
} as const;

/**
 * The response header of every signed-in admin answer: milliseconds until the session ends if not
 * used again. A duration, not a time, so a browser whose clock is wrong still counts it right.
 */
export const SESSION_ENDS_HEADER = "X-Session-Ends-In";

/**
 * A cookie the admin's pages can read, set and cleared with the session cookie (which they
 * cannot read): it grants nothing, and only spares a signed-out browser a session check bound
 * to answer 401, an error in its console on every visit to the sign-in page.
 */
export const SESSION_HINT_COOKIE = "gn_signed_in";

/**
 * The addresses that open on the sign-in screen (the admin's index signs in too): without the
 * hint, the worker serves them the build's drawing of it, which the admin's script takes over.
 */
export const SIGN_IN_PATHS: readonly string[] = ["/admin", "/admin/", "/admin/login"];

export interface AdminUser {
  id: string;
  email: string;
  role: "admin";
}

/**
 * The id of the JSON the worker writes beside a Today it drew (the user and the Today it drew
 * from), which the admin's script reads to take the drawing over as it stands.
 */
export const DRAWN_TODAY_ID = "admin-drawn-today";
