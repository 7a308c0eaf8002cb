import { beforeEach, describe, expect, it } from "vitest";
import { forEachConcurrently } from "../../support/concurrently";
import { quietLogs } from "../admin-support";
import { propertyRuns } from "../property-runs";
import { count, post, validConsultation, validContact } from "../submission-support";

// A flood of real-looking submissions from many addresses, each retried the way a flaky network
// makes a browser retry: a double submit at the same moment and a late retry with the same
// Idempotency-Key (and a fresh fill time, as the form sends). Every submission must be saved
// exactly once with one notification queued, and every answer to one key must name the same id.
// The kill-mid-load version of this (a real server process killed and restarted) is the second
// phase of `npm run bench:submissions`.

type Created = { id: string };

/** How many submissions make the flood: DEEP_FUZZ=1 sends the larger one. */
const floodSize = propertyRuns({ ci: 60, deep: 300 });

// Every saved submission logs a line; the assertions below say what matters.
beforeEach(() => {
  quietLogs();
});

const forms = [
  { path: "/api/contact", table: "contact_submissions", valid: validContact },
  { path: "/api/consultations", table: "consultation_requests", valid: validConsultation },
];

/** IPv4 and IPv6 documentation addresses, one visitor (IPv6: one /64) per submission. */
const addressOf = (i: number) =>
  i % 2 ? `2001:db8:${(0x100 + i).toString(16)}::${(i % 7) + 1}` : `198.51.100.${i % 250}`;

describe("a flood of submissions from many addresses, with retries", () => {
  it(`saves each of ${floodSize} submissions once, whatever the retries, and answers every copy alike`, async () => {
    const before = Object.fromEntries(
      await Promise.all(forms.map(async (f) => [f.table, await count(f.table)] as const)),
    );
    const outboxBefore = await count("mail_queue WHERE kind = 'notification'");
    const submissions = Array.from({ length: floodSize }, (_, i) => {
      const form = forms[i % forms.length] ?? forms[0];
      if (!form) throw new Error("no form");
      const body = { ...form.valid(), email: `flood.${i}@example.com` };
      return { i, form, body, key: crypto.randomUUID(), ip: addressOf(i) };
    });
    const idsByKey = new Map<string, Set<string>>();
    const statuses: number[] = [];
    const record = async (key: string, response: Response) => {
      statuses.push(response.status);
      if (response.status !== 201) return;
      const ids = idsByKey.get(key) ?? new Set();
      ids.add(((await response.json()) as Created).id);
      idsByKey.set(key, ids);
    };

    // First wave: every submission twice at once (a double click), eight clients at a time.
    await forEachConcurrently(submissions, 8, async (s) => {
      const answers = await Promise.all(
        [0, 1].map(() => post(s.form.path, s.body, { ip: s.ip, idempotencyKey: s.key })),
      );
      for (const answer of answers) await record(s.key, answer);
    });
    // Second wave: a late retry of every third one, the form having been open longer since.
    await forEachConcurrently(
      submissions.filter((s) => s.i % 3 === 0),
      8,
      async (s) => {
        const retry = { ...s.body, fillMs: s.body.fillMs + 30_000 };
        await record(s.key, await post(s.form.path, retry, { ip: s.ip, idempotencyKey: s.key }));
      },
    );

    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(statuses).toHaveLength(2 * floodSize + Math.ceil(floodSize / 3));
    expect([...idsByKey.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(idsByKey.size).toBe(floodSize);
    for (const form of forms) {
      expect(await count(form.table), form.table).toBe((before[form.table] ?? 0) + floodSize / forms.length);
    }
    expect(await count("mail_queue WHERE kind = 'notification'")).toBe(outboxBefore + floodSize);
  });

  it("holds one /64 to the limit even when each of its submissions is retried at once", async () => {
    // Ten distinct submissions, each sent three times together from three hosts of one /64: all
    // ten are accepted (retries are not new submissions), and the eleventh is refused however
    // often it is retried.
    const before = await count("contact_submissions");
    const keys = Array.from({ length: 11 }, () => crypto.randomUUID());
    const sendThrice = (key: string, n: number) =>
      Promise.all(
        [1, 2, 3].map((host) =>
          post(
            "/api/contact",
            { ...validContact(), email: `limit.${n}@example.com` },
            {
              ip: `2001:db8:f10d:64::${host}`,
              idempotencyKey: key,
            },
          ),
        ),
      );
    for (const [n, key] of keys.slice(0, 10).entries()) {
      const answers = await sendThrice(key, n);
      expect(
        answers.map((a) => a.status),
        `submission ${n}`,
      ).toEqual([201, 201, 201]);
    }
    const last = keys[10] ?? "";
    const eleventh = await sendThrice(last, 10);
    expect(eleventh.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(eleventh[0]?.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await count("contact_submissions")).toBe(before + 10);
  });
});
