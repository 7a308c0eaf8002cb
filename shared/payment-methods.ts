import { bookingFacts } from "./studio";

// Apart from the studio facts so that only the two pages that state it (services, terms) carry it.

/** "We accept cash, Visa, ... and Zelle.": the accepted methods, said once. */
export const paymentMethodsSentence = `We accept ${bookingFacts.paymentMethods
  .map((method, index) => (index === 0 ? method.toLowerCase() : method))
  .join(", ")
  .replace(/, ([^,]+)$/, " and $1")}.`;
