// "Book this design" without JavaScript: /book-consultation?design=<id> carries the design into
// the plain form (the page itself is kept per version and path, so the worker adds it on the
// way out, outside the request form's island).
import { beforeEach, describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { seedContent } from "./content-support";
import { prerenderedAssets } from "./site-pages-support";
import { send } from "./submission-support";

const available = contentFromModules().flash.find((design) => design.status === "available");
const page = (path: string) => send(path, {}, { ASSETS: prerenderedAssets } as Partial<Env>);

beforeEach(async () => {
  await seedContent();
});

describe("/book-consultation?design=", () => {
  it("adds the design's card and a hidden field joined to the request form, inside <noscript>", async () => {
    if (!available) throw new Error("the seed has no available flash design");
    const response = await page(`/book-consultation?design=${available.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBeNull();
    const html = await response.text();
    const block = /<noscript><section class="attached-design"[\s\S]*?<\/noscript>/.exec(html)?.[0] ?? "";
    expect(block).toContain(available.title);
    expect(block).toContain(
      `<input type="hidden" form="consultation-form" name="flashDesign" value="${available.id}"`,
    );
    // Before the island, never inside it: the island's markup stays what React renders.
    expect(html.indexOf(block)).toBeLessThan(html.indexOf('data-island="consultation-request"'));
    expect(html).toContain('id="consultation-form"');
  });

  it("leaves the page as it is for a design that does not exist, and for a malformed one", async () => {
    for (const design of ["no-such-design", "<script>", "a".repeat(80)]) {
      const html = await (await page(`/book-consultation?design=${encodeURIComponent(design)}`)).text();
      expect(html).not.toContain('name="flashDesign" value=');
      expect(html).not.toContain("<noscript><section");
    }
  });

  it("stays attached when a request posted without JavaScript comes back with an error", async () => {
    if (!available) throw new Error("the seed has no available flash design");
    const response = await send(
      "/forms/consultations",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://studio.test",
          "CF-Connecting-IP": "10.77.0.1",
        },
        body: new URLSearchParams({
          name: "Rio Tanaka",
          email: "rio-at-example",
          tattooIdea: "This flash design on my forearm, please.",
          flashDesign: available.id,
        }).toString(),
      },
      { ASSETS: prerenderedAssets } as Partial<Env>,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email format");
    expect(html).toContain(`name="flashDesign" value="${available.id}"`);
    expect(html).toContain(available.title);
  });

  it("is not added to any other page", async () => {
    if (!available) throw new Error("the seed has no available flash design");
    const html = await (await page(`/contact?design=${available.id}`)).text();
    expect(html).not.toContain("attached-design");
  });
});
