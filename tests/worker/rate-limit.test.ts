import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { hmacSha256Hex, sha256Hex } from "../../worker/platform/crypto";
import { visitorOf } from "../../worker/platform/visitor";
import { count, post, validContact } from "./submission-support";

type ErrorBody = { error: { code: string } };

const form = () => ({ ...validContact(), fillMs: 45_000 });

let prefixes = 0;
/** A /64 of its own per test, written out in full so the hosts below can vary. */
const freshPrefix = () => `2001:db8:${(++prefixes).toString(16)}:7`;

describe("who counts as one visitor", () => {
  it("groups IPv6 by /64 in any written form, and keeps IPv4 per address", () => {
    const forms = [
      "2001:db8:aa:7::1",
      "2001:0db8:00aa:0007:0000:0000:0000:0001",
      "2001:DB8:AA:7:ffff:ffff:ffff:fffe",
      "[2001:db8:aa:7::5]",
      "2001:db8:aa:7:1:2:3.4.5.6",
      "2001:db8:aa:7::1%eth0",
    ];
    for (const address of forms) expect(visitorOf(address)).toBe("2001:0db8:00aa:0007::/64");
    expect(visitorOf("2001:db8:aa:8::1")).not.toBe(visitorOf("2001:db8:aa:7::1"));
    expect(visitorOf("198.51.100.7")).toBe("198.51.100.7");
    expect(visitorOf("198.51.100.8")).not.toBe(visitorOf("198.51.100.7"));
    // IPv4-mapped IPv6 is the IPv4 address, dotted or in hex.
    expect(visitorOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(visitorOf("::FFFF:c633:6407")).toBe("198.51.100.7");
    expect(visitorOf("64:ff9b::198.51.100.7")).toBe("198.51.100.7");
    // Nonsense stays itself, so it is still one visitor.
    expect(visitorOf("not an address")).toBe("not an address");
    expect(visitorOf("1:2:3")).toBe("1:2:3");
  });
});

describe("the form limit", () => {
  const limited = { RATE_LIMIT_MAX: "50", RATE_LIMIT_WINDOW_SECONDS: "600" };

  it("accepts only the limit from 55 different addresses of one /64", async () => {
    const prefix = freshPrefix();
    const statuses: number[] = [];
    for (let host = 1; host <= 55; host++) {
      const response = await post("/api/contact", form(), {
        ip: `${prefix}::${host.toString(16)}`,
        env: limited,
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);
    // The next /64 is another visitor.
    expect((await post("/api/contact", form(), { ip: `${freshPrefix()}::1`, env: limited })).status).toBe(
      201,
    );
  });

  it("accepts exactly the limit when one visitor's submissions arrive at once", async () => {
    const prefix = freshPrefix();
    const before = await count("contact_submissions");
    const max = { RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post("/api/contact", form(), { ip: `${prefix}::${i + 1}`, env: max }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect((await count("contact_submissions")) - before).toBe(5);
  });

  it("does not count refused submissions against the visitor", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const ip = `${freshPrefix()}::1`;
    const max = { RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "600" };
    const refused = [
      { ...form(), email: "not an e-mail" },
      { ...form(), message: "<script>alert(1)</script>" },
      { ...form(), website: "http://spam.example" },
      { ...form(), fillMs: 10 },
    ];
    for (let round = 0; round < 3; round++) {
      for (const body of refused) {
        expect((await post("/api/contact", body, { ip, env: max })).status).toBe(400);
      }
    }
    expect((await post("/api/contact", form(), { ip, env: max })).status).toBe(201);
    expect((await post("/api/contact", form(), { ip, env: max })).status).toBe(201);
    const over = await post("/api/contact", form(), { ip, env: max });
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorBody).error.code).toBe("rate_limited");
    vi.restoreAllMocks();
  });

  it("does not count a retried Idempotency-Key twice", async () => {
    const ip = `${freshPrefix()}::1`;
    const max = { RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_SECONDS: "600" };
    const key = crypto.randomUUID();
    const body = form();
    expect((await post("/api/contact", body, { ip, env: max, idempotencyKey: key })).status).toBe(201);
    expect((await post("/api/contact", body, { ip, env: max, idempotencyKey: key })).status).toBe(201);
    expect((await post("/api/contact", form(), { ip, env: max })).status).toBe(429);
  });

  it("stores a key only the holder of RATE_LIMIT_SECRET can recompute", async () => {
    const address = "203.0.113.201";
    const stored = async (secret: string) => {
      await env.DB.prepare("DELETE FROM rate_limit_windows").run();
      expect(
        (await post("/api/contact", form(), { ip: address, env: { RATE_LIMIT_SECRET: secret } })).status,
      ).toBe(201);
      return env.DB.prepare("SELECT key, window_start FROM rate_limit_windows").first<{
        key: string;
        window_start: number;
      }>();
    };
    const secret = "one-secret-of-at-least-32-characters-0123";
    const row = await stored(secret);
    if (!row) throw new Error("no window stored");
    const plain = `contact|${address}|${row.window_start}`;
    expect(row.key).not.toBe(await sha256Hex(plain));
    expect(row.key).not.toBe(await sha256Hex(address));
    expect(row.key).toBe(await hmacSha256Hex(secret, plain));
    const other = await stored("another-secret-of-at-least-32-characters");
    expect(other?.key).not.toBe(row.key);
  });

  it("keeps limiting without RATE_LIMIT_SECRET, and says so in the log", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const ip = "203.0.113.202";
    const unset = { RATE_LIMIT_SECRET: "", RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_SECONDS: "600" };
    expect((await post("/api/contact", form(), { ip, env: unset })).status).toBe(201);
    expect((await post("/api/contact", form(), { ip, env: unset })).status).toBe(429);
    expect(error.mock.calls.some(([line]) => String(line).includes("RATE_LIMIT_SECRET"))).toBe(true);
    vi.restoreAllMocks();
  });
});
