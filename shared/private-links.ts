/**
 * The secret in a private link, taken out of a text that is about to be kept or sent on: a
 * request's status page (`/requests/<token>` and the pages under it), the confirmation page's
 * `?request=<token>`, the artist's calendar feed (`/calendar/<token>.ics`) and any `token=`
 * parameter (the waitlist's leave link). Whoever holds such a link can act on a client's request
 * or read the studio's sessions, so no log line, stored measurement or outside service ever gets
 * one: they get `:token` in its place.
 */
export function withoutTokens(text: string): string {
  return text
    .replace(/\/requests\/[^/?#\s"'\\]+/g, "/requests/:token")
    .replace(/\/calendar\/[^/?#\s"'\\]+/g, "/calendar/:token")
    .replace(/([?&](?:request|token)=)[^&#\s"'\\]+/g, "$1:token");
}
