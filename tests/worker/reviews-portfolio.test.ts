import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { portfolio } from "../../shared/content/portfolio";
import { testimonials } from "../../shared/content/testimonials";
import { seedContent } from "./content-support";
import { send } from "./submission-support";

describe("GET /api/reviews", () => {
  it("answers the site's own testimonials with source static when no listing is configured", async () => {
    const response = await send("/api/reviews");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { source: string; reviews: { author: string; date: string }[] };
    expect(body.source).toBe("static");
    expect(body.reviews).toHaveLength(testimonials.length);
    expect(body.reviews[0]?.author).toBe(testimonials[0]?.name);
    expect(body.reviews[0]?.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("answers other methods and sub-paths with the JSON 404", async () => {
    expect((await send("/api/reviews", { method: "POST" })).status).toBe(404);
    const response = await send("/api/reviews/latest");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("GET /api/portfolio", () => {
  it("lists all 46 pieces with their fields", async () => {
    const response = await send("/api/portfolio");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: typeof portfolio; total: number };
    expect(body.total).toBe(46);
    expect(body.items.map((i) => i.id)).toEqual(portfolio.map((i) => i.id));
    expect(body.items[0]).toMatchObject({
      id: "tattoo-001",
      title: expect.any(String),
      style: expect.any(String),
    });
  });

  it("lists the portfolio as last published: a retitled piece, in its new order", async () => {
    await seedContent();
    const first = portfolio[0];
    await env.DB.prepare(
      "INSERT INTO content_versions (version, snapshot, published_at, published_by) SELECT 2, json_set(snapshot, '$.portfolio[0].title', 'Koi, reworked'), '2026-11-23T12:00:00.000Z', 'test' FROM content_versions WHERE version = 1",
    ).run();
    const body = (await (await send("/api/portfolio")).json()) as { items: { id: string; title: string }[] };
    expect(body.items[0]).toMatchObject({ id: first?.id, title: "Koi, reworked" });
    expect(body.items.map((item) => item.title)).not.toContain(first?.title);
  });

  it("answers an unknown sub-path with the JSON 404", async () => {
    const response = await send("/api/portfolio/tattoo-999");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
