import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import pkg from "../../package.json";
import app from "../../worker/app";
import { call } from "./support";

describe("GET /api/health", () => {
  it("answers 200 with the version and both checks ok when D1 and KV answer", async () => {
    const response = await call("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      version: pkg.version,
      checks: { db: "ok", kv: "ok" },
    });
  });

  it("answers 503 naming the database when D1 fails", async () => {
    const brokenDb = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
    } as unknown as D1Database;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await app.request("/api/health", {}, { ...env, DB: brokenDb });
    expect(response.status).toBe(503);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "degraded", checks: { db: "fail", kv: "ok" }, failing: ["db"] });
    expect(logged).toHaveBeenCalledOnce();
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: "error", check: "db", requestId: expect.any(String) });
  });

  it("answers 503 naming the cache when KV fails", async () => {
    const brokenKv = {
      get: () => Promise.reject(new Error("KV is unavailable")),
    } as unknown as KVNamespace;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await app.request("/api/health", {}, { ...env, KV: brokenKv });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ checks: { db: "ok", kv: "fail" }, failing: ["kv"] });
  });
});
