import { describe, expect, it, vi } from "vitest";
import { d1Down, kvDown } from "./outage-support";
import { post, send, validConsultation, validContact } from "./submission-support";

/**
 * What visitors see when a part of the platform fails: never an unhandled 500, a
 * clear message where something could not be done, and the rest of the site still working.
 */

describe("faults", () => {
  for (const [path, body] of [
    ["/api/contact", validContact()],
    ["/api/consultations", validConsultation()],
  ] as const) {
    it(`${path}: with D1 unavailable answers 503 with a clear message, not a bare 500`, async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const response = await post(path, body, { env: { DB: d1Down } });
      expect(response.status).toBe(503);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe("unavailable");
      expect(answer.error.message).toMatch(/try again|call/i);
      expect(response.headers.get("Retry-After")).toBeTruthy();
      errors.mockRestore();
    });
  }

  it("/api/personalize: with KV unavailable still answers from the template writer", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await send(
      "/api/personalize",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.9" },
        body: JSON.stringify({ type: "homepage-greeting", context: { timeOfDay: "evening" } }),
      },
      { KV: kvDown },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { content: string; source: string; cached: boolean };
    expect(answer.source).toBe("template");
    expect(answer.cached).toBe(false);
    expect(answer.content.length).toBeGreaterThan(20);
  });

  it("/api/health: names both failing parts when D1 and KV are down, with 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await send("/api/health", {}, { DB: d1Down, KV: kvDown });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ checks: { db: "failing", kv: "failing" } });
  });

  it("/api/location: with no edge geodata answers an honest Unknown, not an error", async () => {
    const response = await send("/api/location", { headers: { "CF-Connecting-IP": "10.9.9.8" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ city: "Unknown" });
  });
});
