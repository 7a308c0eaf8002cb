/**
 * The security scan of a whole form payload (public-site.md 5: "blocks cross-site-scripting,
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
  test: RegExp;
}

/** Markup that can run script: used by the scan and by the field-level "dangerous content" rule. */
export const dangerousMarkupPatterns: readonly RegExp[] = [
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
  // CSS and template expressions that execute.
  /\bexpression\s*\(/i,
  /\{\{[\s\S]*?(constructor|__proto__|alert|eval)[\s\S]*?\}\}/i,
];

const patterns: readonly Pattern[] = [
  ...dangerousMarkupPatterns.map((test) => ({ kind: "xss" as const, test })),
  // SQL: a quote closing a literal followed by a boolean tautology (' OR '1'='1, " or 1=1).
  { kind: "sql", test: /['"`]\s*\)?\s*(or|and|\|\||&&)\s+['"`]?[\w-]+['"`]?\s*(=|<>|!=)\s*['"`]?[\w-]+/i },
  { kind: "sql", test: /['"`]\s*\)?\s*(or|and)\s+(true|false|not)\b/i },
  // UNION-based extraction and stacked statements: "union select", "; drop table x".
  { kind: "sql", test: /\bunion\s+(all\s+|distinct\s+)?select\b/i },
  {
    kind: "sql",
    test: /;\s*(drop|truncate|alter|create|delete|insert|update|exec|execute|grant|shutdown)\s+(table|database|schema|view|index|from|into|user|procedure|function)\b/i,
  },
  // A quote closing a literal, then a comment that cuts off the rest of the query.
  { kind: "sql", test: /['"`]\s*\)?\s*;?\s*(--|\/\*)\s*$/m },
  // Time-based and server-side tricks.
  { kind: "sql", test: /\b(sleep|pg_sleep|benchmark)\s*\(\s*\d/i },
  { kind: "sql", test: /\bwaitfor\s+delay\b|\bxp_cmdshell\b|\binformation_schema\b|\bsqlite_master\b/i },
  { kind: "sql", test: /\b(load_file|into\s+(out|dump)file)\b/i },
  // Path traversal: ../ at a path boundary (not the end of an ellipsis), encoded forms, system files.
  { kind: "path", test: /(^|[\s\\/=:'"])\.\.[\\/]/ },
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
  { kind: "command", test: /\$\{[^}]{0,200}\}/ },
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
      if (pattern.test.test(text)) return pattern.kind;
    }
  }
  return null;
}

export function hasDangerousMarkup(text: string): boolean {
  return dangerousMarkupPatterns.some((pattern) => pattern.test(text));
}
