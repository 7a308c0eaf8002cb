import { limits } from "./field-limits";
import { hasHiddenCharacters, unifyLineBreaks } from "./hidden-characters";
import { hasDangerousMarkup } from "./security-scan";
import { z } from "./z";

/**
 * Field rules shared by the browser forms and the worker. Each field runs its checks in a fixed
 * order and reports only the first failure, with the message in `messages` below,
 * so the browser shows exactly what the server would send.
 */

export const messages = {
  emailRequired: "Email is required",
  emailTooLong: "Email is too long",
  emailLocalTooLong: "The part of the email before the @ must be at most 64 characters",
  emailDomainTooLong: "The part of the email after the @ is too long",
  emailFormat: "Invalid email format",
  emailCharacters: "Invalid characters in email",
  nameRequired: "Name is required",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name is too long",
  nameCharacters: "Name contains invalid characters",
  phoneRequired: "Phone number is required",
  phoneLength: "Phone number must be 10-15 digits",
  phoneCharacters: "Phone number contains invalid characters",
  textRequired: "Text is required",
  textTooShort: (min: number) => `Text must be at least ${min} characters`,
  textTooLong: (max: number) => `Text must be no more than ${max} characters`,
  textDangerous: "Text contains dangerous content",
  textHidden: "Text contains invisible control or text-direction characters; please retype it without them",
  textWords: "Please describe it in words, not only numbers or symbols",
  ageRequired: "Age verification is required. You must be 18 or older to use our services.",
} as const;

type Ctx = z.core.$RefinementCtx<unknown>;

function fail(ctx: Ctx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER as never;
}

// Every field starts from z.unknown() so that a wrong type gets the field's own message
// ("Name is required") rather than zod's generic one; prefault turns a missing key into "".

/** Strings are trimmed and NFC-normalised; anything that is not a string counts as missing. */
function asText(value: unknown): string {
  if (typeof value === "string") return value.normalize("NFC").trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** Length in characters as a person counts them (an emoji is one, not two UTF-16 units). */
const charCount = (text: string): number => [...text].length;

/** Length as mail servers count it (UTF-8 bytes). */
const octets = (text: string): number => new TextEncoder().encode(text).length;

/**
 * A word is two letters in a row (any script) or an emoji: "12345678901" and "!!!!!!!!!!" say
 * nothing, while "Ok 🌹" and "小さいバラ" do.
 */
const hasWords = (text: string): boolean => /\p{L}\p{M}*\p{L}|\p{Extended_Pictographic}/u.test(text);

// The WHATWG e-mail pattern (what <input type=email> accepts) plus a dot in the domain:
// apostrophes, plus-tags and sub-domains are all real addresses.
const emailPattern =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const scriptLike = /[<>"\\]|javascript:|data:|vbscript:|\bon[a-z]+=|%3c|%3e/i;

export const emailField = z
  .unknown()
  .transform((value, ctx): string => {
    const text = asText(value);
    if (!text) return fail(ctx, messages.emailRequired);
    if (octets(text) > limits.emailMax) return fail(ctx, messages.emailTooLong);
    // Mail servers refuse longer parts, so such an address could never be answered.
    const at = text.lastIndexOf("@");
    if (at >= 0 && octets(text.slice(0, at)) > limits.emailLocalMax)
      return fail(ctx, messages.emailLocalTooLong);
    if (at >= 0 && octets(text.slice(at + 1)) > limits.emailDomainMax)
      return fail(ctx, messages.emailDomainTooLong);
    if (scriptLike.test(text)) return fail(ctx, messages.emailCharacters);
    if (!emailPattern.test(text)) return fail(ctx, messages.emailFormat);
    return text.toLowerCase();
  })
  .prefault("");

// Letters of any script (José, Zoë, Nguyễn, 李), combining marks, spaces, hyphens and
// apostrophes (straight and curly), as names are written; full stops are also accepted because
// real names carry initials and suffixes ("J. R. Ortiz", "Martin Luther King Jr.").
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

export const nameField = z
  .unknown()
  .transform((value, ctx): string => {
    const text = asText(value).replace(/\s+/g, " ");
    if (!text) return fail(ctx, messages.nameRequired);
    if (charCount(text) < limits.nameMin) return fail(ctx, messages.nameTooShort);
    if (charCount(text) > limits.nameMax) return fail(ctx, messages.nameTooLong);
    if (!namePattern.test(text)) return fail(ctx, messages.nameCharacters);
    return text;
  })
  .prefault("");

/** Spaces, dashes, dots and brackets are stripped; what is stored is digits with an optional "+". */
function normalizePhone(text: string): string {
  return text.replace(/[\s\-().\u2010-\u2015]/g, "");
}

function phoneRule(required: boolean) {
  return z
    .unknown()
    .transform((value, ctx): string | null => {
      const text = asText(value);
      if (!text) return required ? fail(ctx, messages.phoneRequired) : null;
      const stripped = normalizePhone(text);
      if (stripped.length < limits.phoneMin || stripped.length > limits.phoneMax)
        return fail(ctx, messages.phoneLength);
      if (!/^\+?\d+$/.test(stripped)) return fail(ctx, messages.phoneCharacters);
      return stripped;
    })
    .prefault("");
}

export const phoneRequiredField = phoneRule(true) as unknown as z.ZodType<string, unknown>;
export const phoneOptionalField = phoneRule(false);

function textRule({
  min = 0,
  max = limits.textMax,
  required,
  multiline,
}: {
  min?: number;
  max?: number;
  required: boolean;
  multiline: boolean;
}) {
  return z
    .unknown()
    .transform((value, ctx): string | null => {
      const text = unifyLineBreaks(asText(value));
      if (!text) return required ? fail(ctx, messages.textRequired) : null;
      if (charCount(text) < min) return fail(ctx, messages.textTooShort(min));
      if (charCount(text) > max) return fail(ctx, messages.textTooLong(max));
      if (hasHiddenCharacters(text, { multiline })) return fail(ctx, messages.textHidden);
      if (hasDangerousMarkup(text)) return fail(ctx, messages.textDangerous);
      if (required && !hasWords(text)) return fail(ctx, messages.textWords);
      return text;
    })
    .prefault("");
}

/**
 * Required free text between `min` and `max` characters, on several lines, in words, with no
 * dangerous markup or hidden characters.
 */
export const requiredText = (min: number, max: number) =>
  textRule({ min, max, required: true, multiline: true }) as unknown as z.ZodType<string, unknown>;

/**
 * Optional free text up to `max` characters; blank becomes null. Single-line unless
 * `multiline` (a textarea).
 */
export const optionalText = (max: number, { multiline = false } = {}) =>
  textRule({ max, required: false, multiline });

/**
 * A plain string schema that also refuses hidden characters, for text outside the forms that
 * still reaches the artist or the AI writer (the idea prompt, client logs, event properties).
 */
export const withoutHiddenCharacters = (schema: z.ZodString, { multiline = false } = {}) =>
  schema.refine((text) => !hasHiddenCharacters(unifyLineBreaks(text), { multiline }), {
    error: messages.textHidden,
  });

/** The 18+ checkbox: only a real `true` passes. */
export const ageVerificationField = z
  .unknown()
  .transform((value, ctx): true => {
    if (value !== true) return fail(ctx, messages.ageRequired);
    return true;
  })
  .prefault(false);

export const booleanField = z
  .unknown()
  .transform((value) => value === true)
  .prefault(false);

/**
 * Spam defences that cost a visitor nothing: a honeypot input hidden from people,
 * the time the form was open, and a Turnstile token when the site has a key. They are checked
 * by the worker, never stored.
 */
export const antiSpamFields = {
  /** The honeypot: people never see it, form-filling robots fill it in. */
  website: z.unknown().optional(),
  /** Milliseconds between the form appearing and the submit; robots submit at once. */
  fillMs: z.unknown().optional(),
  turnstileToken: z.unknown().optional(),
};

/**
 * Maps zod issues to `{ field: first message }` for the error shape and the forms. A nested
 * field is named by its dotted path ("context.timeOfDay"); a problem with the input as a whole
 * (not an object at all, say) goes under "_form".
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_form";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
