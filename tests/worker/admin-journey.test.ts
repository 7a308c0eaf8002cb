import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { beforeEach, describe, expect, it } from "vitest";
import { bookings, deposits, quotes } from "../../worker/platform/db/schema";
import { adminCall, send as adminSend, quietLogs, signedInAdmin } from "./admin-support";
import { addConsultation, emptyInboxes, iso } from "./inbox-support";

const dayMinutes = 24 * 60;

beforeEach(async () => {
  quietLogs();
  await emptyInboxes();
  await env.DB.batch(
    ["quotes", "deposits", "bookings"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  );
});

/** A request received `daysAgo` days ago that went as far as `reached`. */
async function requestThatReached(
  reached: "request" | "quoted" | "deposit" | "booked" | "completed" | "cancelled",
  daysAgo = 1,
) {
  const db = drizzle(env.DB);
  const { id } = await addConsultation({ createdAt: iso(daysAgo * dayMinutes) });
  if (reached === "request") return;
  const quoteId = crypto.randomUUID();
  await db.insert(quotes).values({
    id: quoteId,
    submissionId: id,
    priceMinCents: 50_000,
    priceMaxCents: 70_000,
    sessions: 1,
    sessionMinutes: 180,
    depositCents: 10_000,
  });
  if (reached === "quoted") return;
  // An unpaid Checkout session first: it does not count as a paid deposit.
  await db.insert(deposits).values({
    id: crypto.randomUUID(),
    submissionId: id,
    quoteId,
    amountCents: 10_000,
    method: "stripe",
    stripeSessionId: `cs_${crypto.randomUUID()}`,
  });
  await db.insert(deposits).values({
    id: crypto.randomUUID(),
    submissionId: id,
    quoteId,
    amountCents: 10_000,
    method: "by-hand",
    status: "paid",
    paidAt: iso(0),
  });
  if (reached === "deposit") return;
  await db.insert(bookings).values({
    id: crypto.randomUUID(),
    submissionId: id,
    quoteId,
    startsAt: "2026-12-01T15:00:00.000Z",
    endsAt: "2026-12-01T18:00:00.000Z",
    status: reached === "booked" ? "booked" : reached,
    completedAt: reached === "completed" ? "2026-12-01T18:05:00.000Z" : null,
    cancelledAt: reached === "cancelled" ? iso(0) : null,
  });
}

type Funnel = {
  steps: { stage: string; count: number; conversion: number | null }[];
  overall: number | null;
};

describe("the dashboard's path from request to completed", () => {
  it("counts each stage reached and the conversion between them, over the chosen period", async () => {
    // Ten requests this month: 2 went no further, 2 were quoted, 1 paid its deposit, 1 booked
    // and cancelled, 1 booked, 3 completed. One old completed request is outside 30 days.
    for (const reached of [
      "request",
      "request",
      "quoted",
      "quoted",
      "deposit",
      "cancelled",
      "booked",
    ] as const)
      await requestThatReached(reached);
    for (let i = 0; i < 3; i++) await requestThatReached("completed");
    await requestThatReached("completed", 200);
    const cookie = (await signedInAdmin()).cookie;

    const month = await adminSend("GET", "/api/admin/journey?period=30d", cookie);
    expect(month.status).toBe(200);
    const recent = (await month.json()) as Funnel;
    expect(recent.steps).toEqual([
      { stage: "requests", count: 10, conversion: null },
      { stage: "quoted", count: 8, conversion: 80 },
      { stage: "depositPaid", count: 6, conversion: 75 },
      { stage: "booked", count: 5, conversion: 83 },
      { stage: "completed", count: 3, conversion: 60 },
    ]);
    expect(recent.overall).toBe(30);

    const all = (await (await adminSend("GET", "/api/admin/journey?period=all", cookie)).json()) as Funnel;
    expect(all.steps.map((step) => step.count)).toEqual([11, 9, 7, 6, 4]);
    expect(all.overall).toBe(36);
  });

  it("says N/A rather than dividing by nothing, and defaults to the last 90 days", async () => {
    await requestThatReached("completed", 120);
    const cookie = (await signedInAdmin()).cookie;
    const answer = (await (await adminSend("GET", "/api/admin/journey", cookie)).json()) as Funnel & {
      period: string;
    };
    expect(answer.period).toBe("90d");
    expect(answer.steps.map((step) => [step.count, step.conversion])).toEqual([
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
    ]);
    expect(answer.overall).toBeNull();
  });

  it("refuses an unknown period with a 400 naming it, and answers 401 without a session", async () => {
    const cookie = (await signedInAdmin()).cookie;
    const bad = await adminSend("GET", "/api/admin/journey?period=week", cookie);
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields)).toEqual([
      "period",
    ]);
    expect((await adminCall("/api/admin/journey?period=all")).status).toBe(401);
  });
});
