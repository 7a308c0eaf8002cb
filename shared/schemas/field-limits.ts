// The fields' length limits, apart from their zod rules (fields.ts): the browser's forms set
// them as maxlength at once and load the rules only when a form is sent.

export const limits = {
  /** The longest address mail servers accept (a 256-octet path less its angle brackets). */
  emailMax: 254,
  emailLocalMax: 64,
  emailDomainMax: 255,
  nameMin: 2,
  nameMax: 50,
  phoneMin: 10,
  phoneMax: 15,
  textMax: 1000,
} as const;
