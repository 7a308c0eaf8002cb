import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { consultationSchema } from "../../shared/schemas/consultation";
import { antiSpamFields } from "../../shared/schemas/fields";
import { caseCounter, propertyRuns } from "./property-runs";
import { freshIp, send } from "./submission-support";

/**
 * Every public endpoint under generated abuse: hostile strings, wrong types, huge and
 * deeply nested JSON, wrong methods and content types. Whatever arrives: no 5xx, the one error
 * shape on refusals, and nothing saved from a refused request.
 */
const runs = propertyRuns({ ci: 100, deep: 2000 });

interface Endpoint {
  path: string;
  /** The methods the endpoint serves; the rest are "wrong methods". */
  methods: string[];
  /** Field names of a real request body, to put wrong values under the right keys. */
  fields: string[];
}

export const publicEndpoints: Endpoint[] = [
  { path: "/api/health", methods: ["GET"], fields: [] },
  {
    path: "/api/contact",
    methods: ["POST"],
    fields: [
      "name",
      "email",
      "phone",
      "service",
      "message",
      "newsletter",
      "ageVerification",
      "website",
      "startedAt",
    ],
  },
  {
    path: "/api/consultations",
    methods: ["POST"],
    // The form's own fields, without the anti-spam ones the browser adds.
    fields: Object.keys(consultationSchema.shape).filter((field) => !(field in antiSpamFields)),
  },
  { path: "/api/admin/login", methods: ["POST"], fields: ["email", "password"] },
  { path: "/api/location", methods: ["GET"], fields: [] },
  { path: "/api/location/precise", methods: ["POST"], fields: ["latitude", "longitude", "accuracy"] },
  { path: "/api/personalize", methods: ["POST"], fields: ["type", "context", "prompt"] },
  { path: "/api/metrics", methods: ["GET", "POST"], fields: ["metrics", "session"] },
  {
    path: "/api/logs",
    methods: ["POST"],
    fields: ["level", "message", "timestamp", "url", "userAgent", "sessionId", "extras"],
  },
  { path: "/api/events", methods: ["POST"], fields: ["events", "sessionId"] },
  { path: "/api/portfolio", methods: ["GET"], fields: [] },
  { path: "/api/reviews", methods: ["GET"], fields: [] },
];

/** Tables a refused request must leave untouched. */
const savedTables = [
  "contact_submissions",
  "consultation_requests",
  "mail_queue",
  "idempotency_keys",
  "admin_sessions",
  "audit_log",
];
/** The same, in the measurements database. */
const savedMetricsTables = ["web_vital_reports", "site_events", "client_logs"];

async function rowCounts(): Promise<number[]> {
  const count = async (db: D1Database, tables: string[]) =>
    (await db.batch(tables.map((t) => db.prepare(`SELECT count(*) AS n FROM ${t}`)))).map((r) =>
      Number((r.results[0] as { n: number }).n),
    );
  return [...(await count(env.DB, savedTables)), ...(await count(env.METRICS_DB, savedMetricsTables))];
}

const hostile = fc.constantFrom(
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "' OR '1'='1",
  "1; DROP TABLE contact_submissions; --",
  "../../../../etc/passwd",
  "$(rm -rf /)",
  "`id`",
  "\u0000\u0001\u0002",
  "\uD800",
  "\u202Eevil",
  "%00",
  "{{7*7}}",
  ["$", "{jndi:ldap://x}"].join(""),
  "__proto__",
  "constructor",
  "A".repeat(5000),
);

const wrongValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A request body as raw text: valid JSON of the wrong shape, hostile values, huge or nested, or no JSON at all. */
const body = (fields: string[]) =>
  fc.oneof(
    fc.json({ maxDepth: 4 }),
    fields.length
      ? fc
          .dictionary(fc.constantFrom(...fields), wrongValue, { maxKeys: fields.length })
          .map((o) => JSON.stringify(o))
      : fc.json(),
    fc.integer({ min: 10, max: 5000 }).map((depth) => JSON.stringify(nested(depth))),
    fc
      .integer({ min: 1, max: 80 })
      .map((kb) => JSON.stringify({ [fields[0] ?? "x"]: "x".repeat(kb * 1024) })),
    fc.string({ maxLength: 300 }),
    fc.constantFrom("", "{", "[1,2", "null", "true", '"string"', "{'single': 'quotes'}", "NaN"),
  );

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  null,
);

const method = (allowed: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") },
  );

beforeAll(() => {
  // Refusals are logged as warnings by design; keep the run's output readable.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});

describe("fuzzing the public endpoints", () => {
  for (const endpoint of publicEndpoints) {
    it(`${endpoint.path}: ${runs} generated requests, no 5xx, nothing saved when refused`, async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const cases = caseCounter(`fuzz ${endpoint.path}`);
      await fc.assert(
        fc.asyncProperty(
          method(endpoint.methods),
          contentType,
          body(endpoint.fields),
          async (verb, type, text) => {
            cases.ran();
            const before = await rowCounts();
            const headers: Record<string, string> = {
              "CF-Connecting-IP": freshIp(),
              Origin: "https://studio.test",
            };
            if (type) headers["Content-Type"] = type;
            const hasBody = verb !== "GET" && verb !== "HEAD";
            const response = await send(endpoint.path, {
              method: verb,
              headers,
              body: hasBody ? text : undefined,
            });
            expect(response.status, `${verb} ${endpoint.path} ${type} ${text.slice(0, 80)}`).toBeLessThan(
              500,
            );
            if (response.status >= 400) {
              if (verb !== "HEAD") {
                const answer = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
                expect(typeof answer.error?.code).toBe("string");
                expect(typeof answer.error?.message).toBe("string");
              }
              expect(await rowCounts()).toEqual(before);
            } else {
              await response.body?.cancel();
            }
          },
        ),
        { numRuns: runs },
      );
      cases.report();
      // No refusal was an unhandled error.
      expect(errors).not.toHaveBeenCalled();
    }, 180_000);
  }
});
