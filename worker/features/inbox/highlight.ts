/**
 * The search's highlights, computed here for the rows of one page. FTS5's own highlight() and
 * snippet() cannot be limited to a page: for a word most requests contain they walk the word's
 * whole list of rows, which costs more than the rest of the search together. This file repeats
 * what they do (the index's tokenizer, its phrase matching, its snippet window) on the page's
 * text alone, so what is marked is what matched; a worker test holds the two equal.
 */

/*
 * The tokenizer is unicode61 with remove_diacritics 2. A token starts with a letter, a digit or
 * a private-use character; it goes on through those and through the diacritics SQLite lists
 * (most of U+0300-U+033F), which it drops. Letters are folded to lower case, and an ASCII
 * letter with diacritics becomes the bare letter ("é", "ễ" -> "e"; "ø", "ǣ" and Greek or
 * Cyrillic accented letters stay as they are). SQLite's tables date from Unicode 6.1: it may
 * read letters added since then differently, where at worst a highlight is missing.
 */
const diacriticMask = [0x08029fdf, 0x000361f8];
const isDiacritic = (cp: number) =>
  cp >= 0x300 && cp < 0x340 && ((diacriticMask[(cp - 0x300) >> 5] ?? 0) >>> (cp & 31)) % 2 === 1;
const tokenChar = /[\p{L}\p{N}\p{Co}]/u;
const asciiLetter = /^[a-z]$/;
/** Letters SQLite folds further than lower case does (case folding, not lowercasing). */
const extraFolds: Record<string, string> = {
  µ: "μ",
  ſ: "s",
  ς: "σ",
  ϐ: "β",
  ϑ: "θ",
  ϕ: "φ",
  ϖ: "π",
  ϰ: "κ",
  ϱ: "ρ",
  ϵ: "ε",
  İ: "i",
};

function foldChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x80) return ch.toLowerCase();
  if (isDiacritic(cp)) return "";
  const extra = extraFolds[ch];
  if (extra) return extra;
  const lower = ch.toLowerCase();
  const single = [...lower].length === 1 ? lower : ch;
  const [base = "", ...marks] = single.normalize("NFD");
  if (marks.length > 0 && asciiLetter.test(base) && marks.every((m) => isDiacritic(m.codePointAt(0) ?? 0))) {
    return base;
  }
  return single;
}

interface Token {
  /** Offsets in the text (UTF-16 units). */
  start: number;
  end: number;
  folded: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let current: Token | null = null;
  let offset = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (tokenChar.test(ch) || (current && isDiacritic(cp))) {
      current ??= { start: offset, end: offset, folded: "" };
      current.folded += foldChar(ch);
      current.end = offset + ch.length;
    } else if (current) {
      tokens.push(current);
      current = null;
    }
    offset += ch.length;
  }
  if (current) tokens.push(current);
  return tokens;
}

/** One phrase of a search: its folded tokens, the last one a prefix when `prefix`. */
interface Phrase {
  tokens: string[];
  prefix: boolean;
}

/** The phrases of an FTS5 query as ftsQuery writes it: `"a b" "c"*`. */
export function phrasesOf(match: string): Phrase[] {
  const quoted = [...match.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? "");
  return quoted
    .map((text, i) => ({
      tokens: tokenize(text).map((t) => t.folded),
      prefix: i === quoted.length - 1 && match.endsWith("*"),
    }))
    .filter((phrase) => phrase.tokens.length > 0);
}

/** An instance of a phrase: the positions of its first and last token. */
type Instance = { first: number; last: number; phrase: number };

function instancesIn(tokens: Token[], phrases: Phrase[]): Instance[] {
  const found: Instance[] = [];
  for (let at = 0; at < tokens.length; at++) {
    phrases.forEach((phrase, p) => {
      const n = phrase.tokens.length;
      if (at + n > tokens.length) return;
      const ok = phrase.tokens.every((word, j) => {
        const token = tokens[at + j]?.folded ?? "";
        return phrase.prefix && j === n - 1 ? token.startsWith(word) : token === word;
      });
      if (ok) found.push({ first: at, last: at + n - 1, phrase: p });
    });
  }
  return found;
}

/** Overlapping instances merged into one stretch, as FTS5 marks them. */
function coalesce(instances: Instance[]) {
  const runs: { first: number; last: number }[] = [];
  for (const { first, last } of instances) {
    const open = runs.at(-1);
    if (open && first <= open.last) open.last = Math.max(open.last, last);
    else runs.push({ first, last });
  }
  return runs;
}

/**
 * The text with each matched stretch between `open` and `close`: the whole text, or with
 * `range` the tokens from..to only, as snippet() shows them (`ellipsis` where text is cut).
 */
function mark(
  text: string,
  tokens: Token[],
  instances: Instance[],
  markers: { open: string; close: string; ellipsis: string },
  range?: { from: number; to: number },
) {
  const runs = coalesce(instances).filter((run) => !range || run.first >= range.from);
  const from = range?.from ?? 0;
  const to = Math.min(range?.to ?? tokens.length - 1, tokens.length - 1);
  let out = from > 0 ? markers.ellipsis : "";
  let offset = from > 0 ? (tokens[from]?.start ?? 0) : 0;
  let run = 0;
  for (let at = from; at <= to; at++) {
    const token = tokens[at] as Token;
    const current = runs[run];
    if (current && at === current.first) {
      out += text.slice(offset, token.start) + markers.open;
      offset = token.start;
    }
    if (current && at === current.last) {
      out += text.slice(offset, token.end) + markers.close;
      offset = token.end;
      run++;
    } else if (at === to && range) {
      out += text.slice(offset, token.end);
      offset = token.end;
      if (current && at >= current.first) out += markers.close;
    }
  }
  if (!range || to >= tokens.length - 1) return out + text.slice(offset);
  return out + markers.ellipsis;
}

/** Token positions that begin a sentence: the first, and any after a full stop or colon and a space. */
function sentenceStarts(text: string, tokens: Token[]) {
  return tokens.flatMap((token, at) => {
    if (at === 0) return [0];
    let i = token.start - 1;
    while (i >= 0 && " \t\n\r".includes(text[i] ?? "")) i--;
    return i !== token.start - 1 && (text[i] === "." || text[i] === ":") ? [at] : [];
  });
}

/** Each phrase found counts 1000 in a window, a repeat 1: the window with most phrases wins. */
function windowScore(instances: Instance[], from: number, size: number) {
  const seen = new Set<number>();
  let score = 0;
  let first = -1;
  let last = 0;
  for (const instance of instances) {
    if (instance.first < from || instance.first >= from + size) continue;
    score += seen.has(instance.phrase) ? 1 : 1000;
    seen.add(instance.phrase);
    if (first < 0) first = instance.first;
    last = instance.last + 1;
  }
  return { score, first, last };
}

/**
 * The window of `size` tokens snippet() picks: around the instance whose window holds the most
 * phrases, or from the start of a sentence when that holds as many.
 */
function snippetStart(text: string, tokens: Token[], instances: Instance[], size: number) {
  const starts = tokens.length > size ? sentenceStarts(text, tokens) : [];
  let best = 0;
  let bestStart = 0;
  for (const instance of instances) {
    const here = windowScore(instances, instance.first, size);
    if (here.score > best) {
      best = here.score;
      let adjusted = here.first - Math.trunc((size - (here.last - here.first)) / 2);
      if (adjusted + size > tokens.length) adjusted = tokens.length - size;
      bestStart = Math.max(0, adjusted);
    }
    if (starts.length === 0) continue;
    let s = 0;
    while (s < starts.length - 1 && (starts[s + 1] ?? 0) <= instance.first) s++;
    const sentence = starts[s] ?? 0;
    if (sentence < instance.first) {
      const score = windowScore(instances, sentence, size).score + (sentence === 0 ? 120 : 100);
      if (score > best) {
        best = score;
        bestStart = sentence;
      }
    }
  }
  return bestStart;
}

/**
 * One column's text marked as FTS5 marks it for `phrases`: whole (highlight()), or as a snippet
 * of `snippetTokens` tokens (snippet()); null when nothing in it matched.
 */
export function markColumn(
  text: string,
  phrases: Phrase[],
  markers: { open: string; close: string; ellipsis: string },
  snippetTokens?: number,
): string | null {
  const tokens = tokenize(text);
  const instances = instancesIn(tokens, phrases);
  if (instances.length === 0) return null;
  if (snippetTokens === undefined) return mark(text, tokens, instances, markers);
  const from = snippetStart(text, tokens, instances, snippetTokens);
  return mark(text, tokens, instances, markers, { from, to: from + snippetTokens - 1 });
}
