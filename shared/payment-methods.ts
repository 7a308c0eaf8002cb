/**
 * How the studio takes money, as this deployment is set up: what the deposit and payment words
 * on every page, e-mail and status page follow, so the site never promises a way of paying
 * that the studio does not have. The worker works it out from its configuration
 * (`paymentSetupOf` in worker/platform/config.ts); the build, knowing no configuration,
 * prerenders its fallback pages with `cashOnly`.
 */
export interface PaymentSetup {
  /** A deposit can be paid by card on the request's status page (Stripe is configured). */
  cardDeposits: boolean;
  /**
   * The studio keeps a card on file for each appointment and may charge it for a no-show or a
   * late cancellation: Stripe is configured and the operator turned card-on-file on. Only then
   * does the card-on-file policy appear, and the status page ask for a card before booking.
   */
  cardOnFile: boolean;
}

/** Deposits in cash at the studio, no card kept: what holds when nothing else is configured. */
export const cashOnly: PaymentSetup = { cardDeposits: false, cardOnFile: false };

/** How the deposit is paid, in one sentence after the deposit policy. */
export function depositPaymentSentence(setup: PaymentSetup): string {
  return setup.cardDeposits
    ? "You pay it once you accept your quote: by card on your request's page, or in cash at the studio."
    : "You pay it in cash at the studio once you accept your quote.";
}

/** "We accept cash, Visa, ... and Zelle.": the accepted methods, said once. */
export function paymentMethodsSentence(methods: readonly string[]): string {
  return `We accept ${methods
    .map((method, index) => (index === 0 ? method.toLowerCase() : method))
    .join(", ")
    .replace(/, ([^,]+)$/, " and $1")}.`;
}
