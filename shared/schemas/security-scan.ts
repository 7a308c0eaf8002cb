/**
 * The security scan of a whole form payload ("blocks cross-site-scripting,
 * SQL, path-traversal and command-injection patterns and yields a generic error").
 *
 * The patterns are deliberately narrow: they match the shape of an attack (a tag, a quoted
 * boolean tautology, a stacked query, `../`, a shell command with its arguments), never a lone
 * word. Tattoo descriptions are full of quotes, ampersands, semicolons, measurements (5'2", 3")
 * and words such as "select", "drop", "union", "script" or "cat", and all of those must pass.
 * The browser runs the same scan; the worker runs it again before validation.
 */

export const unsafeContentMessage =
  "Your submission contains text that looks like code, so we could not accept it. Please remove any HTML, scripts or commands and try again.";

export type ThreatKind = "xss" | "sql" | "path" | "command";

interface Pattern {
  kind: ThreatKind;
  /** A regular expression, or a function where the context a regex cannot see decides. */
  test: RegExp | ((text: string) => boolean);
}

/** Markup that can run script: used by the scan and by the field-level "dangerous content" rule. */
const dangerousMarkupPatterns: readonly RegExp[] = [
  // An opening or closing tag of an element that runs, embeds or submits content.
  /<\/?(script|iframe|frame|frameset|object|embed|applet|svg|math|img|image|video|audio|source|link|meta|style|base|form|input|button|textarea|select|option|body|html|marquee|details|template|isindex|xml|xss)\b/i,
  // An event-handler attribute inside something tag-shaped: <b onmouseover=...>.
  /<[a-z][^>]*\bon[a-z]+\s*=/i,
  // Script URLs.
  /\b(java|vb|live)script\s*:/i,
  /\bdata\s*:\s*(text\/html|application\/(x-)?javascript|image\/svg)/i,
  // Encoded markup: numeric character references and escaped angle brackets.
  /&#\d{2,};?|&#x[0-9a-f]{2,};?/i,
  /\\(x3c|u003c|x3e|u003e)/i,
  /%3c\s*\/?\s*[a-z]/i,
  // CSS expression() as a property value running code: `x:expression(alert(1))`. The colon and
  // the call or property access inside are required, so "a sad expression (like an angel)" passes.
  /:\s*(\/\*[\s\S]*?\*\/\s*)*expression\s*\(\s*[\w$]+[(.=[]/i,
  // Template expressions that execute.
  /\{\{[\s\S]*?(constructor|__proto__|alert|eval)[\s\S]*?\}\}/i,
];

const quoteThenComment = /(['"`])\s*\)?\s*;?\s*(--|\/\*)[\s-]*$/gm;

/**
 * `admin'--`: a quote closes a literal that the application opened, and the comment cuts off
 * the rest of the query. In prose the closing quote pairs with one the visitor typed earlier on
 * the same line (`Lettering 'Family' --`), so only a quote with an even number of the same
 * quote before it counts. Apostrophes inside words (I'd) and foot or inch marks after a digit
 * (3" --) are not quotes and are not counted.
 */
function closesUnopenedLiteral(text: string): boolean {
  const isQuote = (at: number) =>
    !/\d/.test(text[at - 1] ?? "") &&
    !(/\p{L}/u.test(text[at - 1] ?? "") && /\p{L}/u.test(text[at + 1] ?? ""));
  for (const match of text.matchAll(quoteThenComment)) {
    const at = match.index;
    if (!isQuote(at)) continue;
    let opened = 0;
    for (let i = text.lastIndexOf("\n", at) + 1; i < at; i++) {
      if (text[i] === match[1] && isQuote(i)) opened++;
    }
    if (opened % 2 === 0) return true;
  }
  return false;
}

const patterns: readonly Pattern[] = [
  ...dangerousMarkupPatterns.map((test) => ({ kind: "xss" as const, test })),
  // SQL: a quote closing a literal, then a tautology whose two sides are the same operand
  // (' OR 1=1, ' OR 'a'='a, ') or ('x'='x). Requiring the same operand is what separates an
  // attack from prose such as `Script "Mom" and size = 3 inches` or `"Love" or Hope = two words`.
  {
    kind: "sql",
    test: /['"`]\s*\)?\s*(or|and|\|\||&&)\s+\(?\s*(['"`]?)([\w-]+)\2\s*(=|==|like)\s*['"`]?\3(?![\w-])/i,
  },
  { kind: "sql", test: /['"`]\s*\)?\s*(or|and)\s+(['"`])\2\s*=\s*['"`]/i },
  // ...or a bare boolean that ends the condition (' OR true--); "3\" and not bigger" is prose.
  {
    kind: "sql",
    test: /['"`]\s*\)?\s*(or|and|\|\||&&)\s+(not\s+)?(true|false)\s*(--|#|\/\*|;|\)|['"`]|$)/im,
  },
  // UNION-based extraction and stacked statements: "union select", "; drop table x".
  { kind: "sql", test: /\bunion\s+(all\s+|distinct\s+)?select\b/i },
  {
    kind: "sql",
    test: /;\s*(drop|truncate|alter|create|delete|insert|update|exec|execute|grant|shutdown)\s+(table|database|schema|view|index|from|into|user|procedure|function)\b/i,
  },
  // A quote closing a literal the text never opened, then a comment cutting off the query.
  { kind: "sql", test: closesUnopenedLiteral },
  // Time-based and server-side tricks.
  { kind: "sql", test: /\b(sleep|pg_sleep|benchmark)\s*\(\s*\d/i },
  { kind: "sql", test: /\bwaitfor\s+delay\b|\bxp_cmdshell\b|\binformation_schema\b|\bsqlite_master\b/i },
  { kind: "sql", test: /\b(load_file|into\s+(out|dump)file)\b/i },
  // Path traversal: ../ at a path boundary (not the end of an ellipsis) that goes somewhere:
  // another ../, a directory, or a file with an extension. "1990 ../ 2020" is a date range.
  {
    kind: "path",
    test: /(^|[\s\\/=:'"])\.\.[\\/]+(\.\.[\\/]|\.?[\w~-]+[\\/]|[\w~-]*\.\w{1,6}\b)/,
  },
  // Encoded forms and well-known system files.
  { kind: "path", test: /%2e%2e(%2f|%5c|\/|\\)|\.\.%2f|\.\.%5c|%252e%252e/i },
  {
    kind: "path",
    test: /\/etc\/(passwd|shadow|hosts|group)\b|\\windows\\(system32|win\.ini)|\bboot\.ini\b/i,
  },
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte is exactly what this looks for
  { kind: "path", test: /%00|\u0000/ },
  // Command injection: substitution and chained shell commands with shell-shaped arguments.
  {
    kind: "command",
    test: /\$\(\s*(rm|cat|curl|wget|id|whoami|bash|sh|zsh|nc|ncat|ls|echo|uname|ping|python3?|perl|ruby|php|sleep)\b/i,
  },
  {
    kind: "command",
    test: /`\s*(rm|cat|curl|wget|id|whoami|bash|sh|nc|ls|uname|ping|python3?|perl|sleep)\b[^`]*`/i,
  },
  // ${...} only when it is a lookup (Log4Shell's ${jndi:...}, ${env:...}) or holds code: a
  // nested ${, a call, arithmetic or ${::-j} obfuscation. "Mandala ${name} style" is a placeholder.
  {
    kind: "command",
    test: /\$\{\s*(jndi|env|sys|java|lower|upper|ctx|main|date|base64|bundle|marker|sd|spring|k8s|docker|web|log4j|script|url|dns|ldap|rmi)\s*:/i,
  },
  { kind: "command", test: /\$\{[^}]{0,200}?(\$\{|::-|[()*[\];|`])[^}]{0,200}\}/ },
  {
    kind: "command",
    test: /(^|[;&|\n]|&&|\|\|)\s*(rm\s+-[a-z]*[rf]|cat\s+\/(etc|proc|var|home|root|usr|tmp|bin|dev)\b|wget\s+\S|curl\s+(-\S+\s+)*(https?:|ftp:)|nc\s+-|ncat\s|bash\s+-[ic]|sh\s+-c|chmod\s+[0-7+]|chown\s|whoami\b|uname\s+-a|ping\s+-c|python3?\s+-c|perl\s+-e|powershell\b|cmd(\.exe)?\s+\/c)/i,
  },
  { kind: "command", test: /\/bin\/(ba|z|da|k)?sh\b|\bcmd\.exe\b/i },
];

/** Every string in a payload (keys and values, nested objects and arrays). */
function* strings(value: unknown, depth = 0): Generator<string> {
  if (depth > 8) return;
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item, depth + 1);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* strings(item, depth + 1);
    }
  }
}

/** The first kind of threat found in the payload, or null when it is clean. */
export function scanPayload(payload: unknown): ThreatKind | null {
  for (const text of strings(payload)) {
    for (const pattern of patterns) {
      const { test } = pattern;
      if (typeof test === "function" ? test(text) : test.test(text)) return pattern.kind;
    }
  }
  return null;
}

export function hasDangerousMarkup(text: string): boolean {
  return dangerousMarkupPatterns.some((pattern) => pattern.test(text));
}
