import { antiSpamFields, emailField, nameField } from "./fields";
import { z } from "./z";

/** The most styles one sign-up can tick: more than the studio has ever offered. */
const maxWaitlistStyles = 20;

const styleSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A style the visitor ticked: a slug of the studio's styles (the worker checks it is one). */
const stylesField = z.unknown().transform((value, ctx): string[] => {
  const list = value == null || value === "" ? [] : Array.isArray(value) ? value : [value];
  if (list.length > maxWaitlistStyles) {
    ctx.addIssue({ code: "custom", message: `Choose at most ${maxWaitlistStyles} styles` });
    return z.NEVER;
  }
  if (!list.every((style) => typeof style === "string" && style.length <= 60 && styleSlug.test(style))) {
    ctx.addIssue({ code: "custom", message: "Choose styles from the list" });
    return z.NEVER;
  }
  return [...new Set(list as string[])];
});

/**
 * The waitlist sign-up on /book-consultation while the books are closed: name and e-mail
 * required, the styles of interest optional (none ticked means any style).
 */
export const waitlistSchema = z.object({
  name: nameField,
  email: emailField,
  styles: stylesField,
  ...antiSpamFields,
});

/** The unsubscribe link's query: a token of 32 hex digits or more (128 bits). */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[0-9a-f]{32,128}$/, "This link is not complete")
    .optional(),
});
