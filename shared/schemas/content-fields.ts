import { factTokenNames, unknownFactTokens } from "../content-facts";
import { hasHiddenCharacters } from "./hidden-characters";
import { z } from "./z";

/**
 * The building blocks of the studio's content schemas: every text the artist can change is
 * trimmed, bounded and free of invisible characters, so a page can never show an empty heading,
 * a runaway paragraph or text that reads differently from what she typed.
 */

/** One line of text (a title, a label, a price range) of at most `max` characters. */
export const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .refine((text) => !hasHiddenCharacters(text), "Contains invisible characters; please retype it");

/** A paragraph: like a line, but line breaks are kept. */
export const paragraph = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .refine(
      (text) => !hasHiddenCharacters(text, { multiline: true }),
      "Contains invisible characters; please retype it",
    );

/**
 * For a text that may name the studio's facts as `{deposit}`, `{openHours}`...: every page
 * fills them in from the published facts, so the text follows a price or an hour she changes.
 * A name that is not a fact is refused rather than shown in braces.
 */
export const namesOnlyFacts = (text: string, ctx: z.RefinementCtx) => {
  const unknown = unknownFactTokens(text);
  if (unknown.length > 0)
    ctx.addIssue({
      code: "custom",
      message: `No fact is called {${unknown[0]}}: use one of ${factTokenNames.map((name) => `{${name}}`).join(", ")}`,
    });
};

/** A paragraph that may name facts (see namesOnlyFacts). */
export const paragraphWithFacts = (max: number) => paragraph(max).superRefine(namesOnlyFacts);

/** An id or a filter value: lower-case words joined by hyphens ("tattoo-007", "fine-line"). */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens")
  .max(60, "At most 60 characters");

/** A calendar date in the studio's time zone, YYYY-MM-DD, that exists. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD")
  .refine((text) => new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), "No such date");

/** A link on the site ("/flash") or to another site over https. */
export const href = z
  .string()
  .trim()
  .max(500, "At most 500 characters")
  .refine(
    (text) => /^\/(?!\/)[^\s]*$/.test(text) || /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(text),
    "Use a path on this site (/flash) or an https:// address",
  );

/**
 * A picture of a piece: one of the images the build makes from the repository (`name`, e.g.
 * "tattoo-images/tattoo-007", whose sizes and placeholder the build writes), or a photo the
 * artist uploaded to the studio's bucket (`key`, with its pixel size so a page can reserve its
 * space before it loads, and its blurred placeholder).
 */
export const contentImageSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("build"),
    name: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "Unknown image"),
  }),
  z.object({
    source: z.literal("upload"),
    key: z.string().regex(/^[a-z0-9-]+\/[A-Za-z0-9._-]{1,120}$/, "Unknown image"),
    width: z.number().int().min(1).max(20_000),
    height: z.number().int().min(1).max(20_000),
    /** The blurred placeholder the upload made (a tiny WebP), drawn while the photo loads. */
    placeholder: z
      .string()
      .max(2_000)
      .regex(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/, "Unknown image")
      .optional(),
  }),
]);

/** A list whose items each have an id that no other item in it has. */
export const uniqueIds = <T extends z.ZodType<{ id: string }>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `At most ${max} items`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((entry, index) => {
        if (seen.has(entry.id))
          ctx.addIssue({ code: "custom", path: [index, "id"], message: "Another item has this id" });
        seen.add(entry.id);
      });
    });
