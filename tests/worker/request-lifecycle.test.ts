import { describe, expect, it } from "vitest";
import written from "../../docs/request-lifecycle.md?raw";
import {
  type LifecycleState,
  lifecycleDocument,
  lifecycleStates,
  type RequestFacts,
  stateOf,
  stateViews,
  transitions,
} from "../../shared/request-lifecycle";

/** Spacing folded: the formatter pads the table's columns. */
const folded = (text: string) => text.replace(/ +/g, " ").replace(/-{3,}/g, "---").trim();

const facts = (over: Partial<RequestFacts>): RequestFacts => ({
  status: "pending",
  quote: null,
  deposit: null,
  booking: null,
  ...over,
});

describe("a request's lifecycle", () => {
  it("is what docs/request-lifecycle.md draws (npm run docs:lifecycle rewrites it)", () => {
    expect(folded(written)).toBe(folded(lifecycleDocument()));
  });

  it("derives each state from the request's rows, the session outranking the quote", () => {
    const cases: [Partial<RequestFacts>, LifecycleState][] = [
      [{}, "received"],
      [{ status: "contacted" }, "replied"],
      [{ status: "contacted", quote: "sent" }, "quoted"],
      [{ status: "contacted", quote: "withdrawn" }, "replied"],
      [{ quote: "accepted" }, "accepted"],
      [{ quote: "accepted", deposit: "paid" }, "deposit-paid"],
      [{ status: "scheduled", quote: "accepted", deposit: "paid", booking: "booked" }, "booked"],
      [
        { status: "contacted", quote: "accepted", deposit: "paid", booking: "cancelled" },
        "session-cancelled",
      ],
      [
        { status: "contacted", quote: "accepted", deposit: "forfeited", booking: "cancelled" },
        "session-cancelled",
      ],
      [{ status: "completed", quote: "accepted", deposit: "paid", booking: "completed" }, "completed"],
      [{ status: "cancelled", quote: "accepted", deposit: "paid", booking: "booked" }, "declined"],
      // Set by hand with nothing behind them.
      [{ status: "scheduled" }, "booked"],
      [{ status: "completed" }, "completed"],
    ];
    for (const [given, state] of cases) expect(stateOf(facts(given)), JSON.stringify(given)).toBe(state);
  });

  it("reaches every state from a new request, and names only its own states", () => {
    const reached = new Set<LifecycleState>(["received"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of transitions)
        if (t.from.some((from) => reached.has(from)) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...lifecycleStates].sort());
  });

  it("tells the client what happens next as the state and the studio's payments say", () => {
    expect(stateViews.accepted.next({ onlinePayments: true })).toContain("Pay the deposit below");
    expect(stateViews.accepted.next({ onlinePayments: false })).toContain("in cash at the studio");
    expect(stateViews["deposit-paid"].next({ onlinePayments: true })).toBe(
      "Your deposit is paid. Choose your session's time below.",
    );
    // The first-reply promise belongs to a request still waiting for it, and to no other.
    expect(lifecycleStates.filter((state) => stateViews[state].awaitsReply)).toEqual(["received"]);
  });
});
