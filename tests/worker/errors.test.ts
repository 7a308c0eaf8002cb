import { describe, expect, it } from "vitest";
import { call } from "./support";

describe("API errors", () => {
  it("answers unknown /api paths with a JSON 404 in the one error shape", async () => {
    const response = await call("/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API endpoint at GET /api/nope." },
    });
  });

  it("answers a wrong method on a known path with the same JSON 404 shape", async () => {
    const response = await call("/api/health", { method: "DELETE" });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("not_found");
  });

  it("never lets API responses be cached", async () => {
    const response = await call("/api/health");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
