import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { cardStepAnchor } from "./card-step";
import { quoteAnchor } from "./status-page";

/**
 * The way back from Stripe's payment page without the status link in Stripe's hands: Checkout is
 * given only /deposit-return, and the link waits in the client's own browser, in a cookie set
 * with "Pay the deposit" (HttpOnly, Secure, same-site navigations only, one day). Stripe's
 * records, logs and e-mails then hold no address that opens the request.
 */
const returnCookie = "gn_deposit_return";
const returnCookieSeconds = 24 * 60 * 60;

/** How Stripe's page ended: a deposit paid or not, or a card saved (the booking step) or not. */
export const depositOutcomes = ["paid", "cancelled", "card-saved", "card-cancelled"] as const;
export type DepositOutcome = (typeof depositOutcomes)[number];

/** Where Checkout sends the client back, for each way its payment page can end. */
export function depositReturnUrl(base: string, outcome: DepositOutcome): string {
  const url = new URL("/deposit-return", base);
  url.searchParams.set("outcome", outcome);
  return url.toString();
}

/** Keeps the status link in the client's browser for the way back. */
export function rememberReturn(c: Context, token: string): void {
  setCookie(c, returnCookie, token, {
    prefix: "host",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: returnCookieSeconds,
  });
}

/** The status link this browser kept for the way back, taken (the cookie is cleared), or null. */
export function takeReturn(c: Context): string | null {
  const token = getCookie(c, returnCookie, "host");
  if (!token) return null;
  deleteCookie(c, returnCookie, { prefix: "host", path: "/", secure: true });
  return token;
}

/** The status page's address for the outcome: at its quote, or at the booking step for a card. */
export const depositReturnTarget = (token: string, outcome: DepositOutcome) =>
  outcome === "card-saved" || outcome === "card-cancelled"
    ? `/requests/${token}?card=${outcome === "card-saved" ? "saved" : "cancelled"}#${cardStepAnchor}`
    : `/requests/${token}?deposit=${outcome}#${quoteAnchor}`;
