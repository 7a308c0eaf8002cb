import { env } from "cloudflare:test";
import { render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";

const today = contentFromModules();
const flashHtml = async (content = today) => {
  const { html } = await render("/flash", env.SITE_URL, content);
  return html.replaceAll("<!-- -->", "");
};
/** The markup of one design's card, found by its id. */
const cardOf = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) throw new Error(`No card for ${id}`);
  return html.slice(start, html.indexOf("</li>", start));
};

describe("the flash sheet sends visitors to book a design", () => {
  it("gives an available design a 'Book this design' link that works without JavaScript", async () => {
    const [design] = today.flash.filter((item) => item.status === "available");
    if (!design) throw new Error("The seed has no available design");
    const card = cardOf(await flashHtml(), design.id);
    expect(card).toMatch(new RegExp(`href="/book-consultation\\?design=${design.id}&amp;idea=[^"]+"`));
    expect(card).toContain("Book this design");
  });

  it("shows a claimed one-off as claimed, with a request for something similar and no booking", async () => {
    const changed = structuredClone(today);
    const [claimed] = changed.flash;
    if (!claimed) throw new Error("The seed has no flash");
    claimed.status = "claimed";
    claimed.repeatable = false;
    const card = cardOf(await flashHtml(changed), claimed.id);
    expect(card).toContain("Claimed");
    expect(card).not.toContain("Book this design");
    expect(card).not.toContain(`design=${claimed.id}`);
    expect(card).toContain("Request something similar");
    expect(card).toMatch(/href="\/book-consultation\?idea=[^"]+"/);
  });
});
