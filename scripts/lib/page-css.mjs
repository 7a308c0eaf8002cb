// Each page inlines only the style rules it can use (scripts/prerender.mjs). The site's stylesheets
// are split by file, not by page: the layout, the shared blocks (content.css, art.css, pages.css)
// and the consent dialog land in one file that every page inlined whole, so the flash sheet
// carried the home hero, the legal pages' table of contents and the reviews grid. Inlined CSS
// rides in the page's first response, the request a phone's slow start makes longest, so each
// page now keeps a rule only when a class it needs is one the page's own code can write.
//
// "Can write" is read from the built code, not from one render: a class that depends on the
// published content (an announcement, closed books, an empty list) is in the component's code
// whatever the content is today, and so is a class that only a script adds after the page
// loads (an island, the privacy dialog, a chunk loaded on interaction). A rule is kept when each
// class its selector needs appears as a word in that code; a word that runs into a template
// expression (`speed-rating--${rating}`) keeps every class it begins, and one that follows an
// expression (`${block}__title`) every class it ends.
import postcss from "postcss";

/**
 * Comments that are whole lines or doc blocks: prose, whose words would keep rules for nothing.
 * A comment after code on its line stays (it can only keep more), and so does anything that
 * merely looks like one inside a string ("image/*").
 */
const stripComments = (source) =>
  source
    .replace(/\/\*\*[\s\S]*?\*\//g, " ")
    .replace(/\/\* @__PURE__ \*\//g, " ")
    .replace(/^\s*\/\/.*$/gm, " ");

/** The words of a source that could be class names, and the beginnings and ends of built ones. */
export function classWords(code) {
  const names = new Set();
  const prefixes = new Set();
  const suffixes = new Set();
  const source = stripComments(code);
  for (const match of source.matchAll(/-?[A-Za-z_][\w-]*/g)) {
    const word = match[0];
    names.add(word);
    const next = source.slice(match.index + word.length, match.index + word.length + 2);
    // `name--${kind}`, "name--" + kind: the class is built from this beginning.
    if (/[-_]$/.test(word) || next === "${") prefixes.add(word);
    // `${block}__title`: and from this end.
    if (source[match.index - 1] === "}" && /^[-_]/.test(word)) suffixes.add(word);
  }
  return { names, prefixes, suffixes };
}

/** Merges several sources' words into one set the filter reads. */
export function mergeWords(...all) {
  const names = new Set();
  const prefixes = new Set();
  const suffixes = new Set();
  for (const words of all) {
    for (const name of words.names) names.add(name);
    for (const prefix of words.prefixes) prefixes.add(prefix);
    for (const suffix of words.suffixes) suffixes.add(suffix);
  }
  return { names, prefixes, suffixes };
}

/**
 * The classes a selector needs for it to match anything. What is inside a functional
 * pseudo-class (`:not(.x)`, `:is(.a, .b)`, `:has(.y)`) and inside attribute brackets is left out:
 * keeping such a rule needs no more than its plain classes, which can only keep more.
 */
function neededClasses(selector) {
  let plain = selector.replace(/\[[^\]]*\]/g, "");
  // Innermost parentheses first, until no functional pseudo-class is left.
  while (/\([^()]*\)/.test(plain)) plain = plain.replace(/\([^()]*\)/g, "");
  return [...plain.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]);
}

const usable = (words) => (name) =>
  words.names.has(name) ||
  [...words.prefixes].some((prefix) => name.startsWith(prefix)) ||
  [...words.suffixes].some((suffix) => name.endsWith(suffix));

/**
 * The stylesheet without the selectors the page cannot match, and without the rules left with
 * none. Everything else
 * stays in its place and order (font faces, keyframes, custom properties), so what the page
 * can match cascades exactly as before.
 */
export function cssForPage(css, words) {
  const canUse = usable(words);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/i.test(rule.parent.name)) return;
    const selectors = rule.selectors.filter((selector) => neededClasses(selector).every(canUse));
    if (selectors.length === 0) rule.remove();
    // One selector of a list never changes what another matches, so the rest can go.
    else if (selectors.length < rule.selectors.length) rule.selector = selectors.join(",");
  });
  // A media or supports block whose rules all went is dropped with them (and one that held only
  // such blocks, the next time round).
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length !== 0) return;
      atRule.remove();
      emptied = true;
    });
  }
  return root.toString();
}
