import { env } from "cloudflare:test";
import { render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";

const today = contentFromModules();

/** The seed has no healed photos: the second piece becomes a healed photo of the first. */
function withHealedPair() {
  const content = structuredClone(today);
  const [fresh, healed] = content.portfolio;
  if (!fresh || !healed) throw new Error("The seed has too few pieces");
  healed.healed = true;
  healed.freshPiece = fresh.id;
  return { content, fresh, healed };
}
const cardOf = (html: string, id: string) => {
  const start = html.indexOf(`<li id="${id}"`);
  if (start < 0) throw new Error(`No card for ${id}`);
  return html.slice(start, html.indexOf("</li>", start));
};

describe("healed photos in the gallery", () => {
  it("badge a healed photo's card 'Healed' in the server's HTML, and no other card", async () => {
    const { content, fresh, healed } = withHealedPair();
    const html = (await render("/gallery", env.SITE_URL, content)).html.replaceAll("<!-- -->", "");
    expect(cardOf(html, healed.id)).toContain(">Healed</span>");
    expect(cardOf(html, fresh.id)).not.toContain(">Healed</span>");
  });

  it("offers the healed filter only when the portfolio has healed photos", async () => {
    const { content } = withHealedPair();
    const withHealed = (await render("/gallery", env.SITE_URL, content)).html;
    expect(withHealed).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Healed only<\/button>/);
    const without = (await render("/gallery", env.SITE_URL, today)).html;
    expect(without).not.toContain("Healed only");
  });
});
