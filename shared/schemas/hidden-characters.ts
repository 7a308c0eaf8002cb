/**
 * Characters a person cannot see but that change what the artist reads: control codes, the
 * bidirectional embeddings, overrides and isolates that reorder a line ("Trojan source"),
 * zero-width and other invisible format characters, blank-looking fillers, broken surrogate
 * halves, and the tag characters that can hide a whole sentence from view (for instance an
 * instruction to the AI writer). Left alone on purpose, because real text needs them: the
 * zero-width joiner and non-joiner (emoji sequences such as 👩‍🎨, Persian and Indic words),
 * variation selectors (emoji presentation), the left-to-right and right-to-left marks (mixed
 * Hebrew or Arabic text with numbers; they only nudge neutral characters, they cannot reorder
 * a line) and tag characters inside a flag sequence (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 */

// C0 controls except tab and line feed (checked apart), DEL and the C1 controls; the invisible
// format and filler characters; unpaired surrogates. Written as escapes so the source shows them.
const alwaysHidden = new RegExp(
  [
    "[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F",
    "\\u200B\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB",
    "\\u115F\\u1160\\u3164\\uFFA0",
    "\\p{Cs}]",
  ].join(""),
  "u",
);
const tabOrLineBreak = /[\t\n]/;
const flagTagSequence = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const tagCharacter = /[\u{E0000}-\u{E007F}]/u;

/**
 * True when `text` holds a character from the list above. A multi-line field (a message, an
 * idea) may hold line breaks and tabs; a single-line one may not. Carriage returns are expected
 * to have been turned into line feeds already (see `unifyLineBreaks`).
 */
export function hasHiddenCharacters(text: string, { multiline = false } = {}): boolean {
  if (alwaysHidden.test(text)) return true;
  if (!multiline && tabOrLineBreak.test(text)) return true;
  return tagCharacter.test(text.replace(flagTagSequence, ""));
}

/** Windows and old Mac line endings become "\n", as a browser's textarea reports them. */
export const unifyLineBreaks = (text: string): string => text.replace(/\r\n?/g, "\n");
