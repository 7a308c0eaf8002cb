import { requiredText } from "./fields";
import { z } from "./z";

/** The longest message of a request's conversation, either side (the table checks it too). */
export const maxMessageChars = 4000;

/** A message of the conversation on a consultation request, from the artist or the client. */
export const messageSchema = z.object({ body: requiredText(1, maxMessageChars) });

/**
 * The blanks a reply template leaves for the artist: a short word or two in square brackets
 * ("[hours]", "$[price]") or a curly placeholder the page did not fill ("{firstName}" typed by
 * hand). A message with one still in it would reach the client as "about $[price]".
 */
export function unfilledPlaceholders(body: string): string[] {
  return [...new Set(body.match(/\[[^[\]\n]{1,30}\]|\{[A-Za-z][A-Za-z ]{0,29}\}/g) ?? [])];
}

const blanksMessage = (blanks: string[]) => `Fill in ${blanks.join(", ")} before sending`;

/** The artist's reply: a message with no template blank left in it. */
export const artistMessageSchema = z.object({
  body: requiredText(1, maxMessageChars).superRefine((body, context) => {
    const blanks = unfilledPlaceholders(body);
    if (blanks.length) context.addIssue({ code: "custom", message: blanksMessage(blanks) });
  }),
});

/** A reply template the artist keeps: `{firstName}` is filled in with the client's first name. */
export const replyTemplateSchema = z.object({
  title: z.string().trim().min(1, "Give the template a title").max(80, "Keep the title under 80 characters"),
  body: requiredText(1, maxMessageChars),
});
