import { requiredText } from "./fields";
import { z } from "./z";

/** The longest message of a request's conversation, either side (the table checks it too). */
export const maxMessageChars = 4000;

/** A message of the conversation on a consultation request, from the artist or the client. */
export const messageSchema = z.object({ body: requiredText(1, maxMessageChars) });

/** A reply template the artist keeps: `{firstName}` is filled in with the client's first name. */
export const replyTemplateSchema = z.object({
  title: z.string().trim().min(1, "Give the template a title").max(80, "Keep the title under 80 characters"),
  body: requiredText(1, maxMessageChars),
});
