// Apart from the studio facts so that only the two pages that state it (services, terms) carry it.

/** "We accept cash, Visa, ... and Zelle.": the accepted methods, said once. */
export function paymentMethodsSentence(methods: readonly string[]): string {
  return `We accept ${methods
    .map((method, index) => (index === 0 ? method.toLowerCase() : method))
    .join(", ")
    .replace(/, ([^,]+)$/, " and $1")}.`;
}
