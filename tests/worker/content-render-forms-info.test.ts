import { env } from "cloudflare:test";
import { moduleContent, render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";

// The contact, booking, services, aftercare, about and legal pages render what the published
// version says: a studio that edits a price, a policy or its directions sees the change on the
// page, not the words the site was built with.

type Edit = (content: StudioContent) => void;

function changed(edit: Edit): StudioContent {
  const content = structuredClone(moduleContent());
  edit(content);
  return content;
}

/** The page's own part (the layout around it has its own tests), as a visitor reads it. */
async function mainOf(path: string, content: StudioContent): Promise<string> {
  const page = await render(path, env.SITE_URL, content);
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(page.html)?.[1];
  if (main === undefined) throw new Error(`No <main> in ${path}`);
  return textOf(main);
}

/** With the edit published, each page's main part shows its first text and not its second. */
async function expectOnPages(edit: Edit, pages: [path: string, shows: string, gone: string][]) {
  const content = changed(edit);
  for (const [path, shows, gone] of pages) {
    const main = await mainOf(path, content);
    expect(main, path).toContain(shows);
    expect(main, path).not.toContain(gone);
  }
}

/** Text without markup or React's text separators, entities decoded as a browser shows them. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The list sections a page carries to the browser for its islands (null: no data at all). */
async function carriedSections(path: string): Promise<string[] | null> {
  // A preview's page carries the data in itself; a published page names the same data's file.
  const page = await render(path, env.SITE_URL, moduleContent(), "inline");
  const json = /<script type="application\/json" id="page-content">([\s\S]*?)<\/script>/.exec(page.head)?.[1];
  if (!json) return null;
  return Object.keys(JSON.parse(json) as object).filter((name) =>
    ["portfolio", "flash", "testimonials", "faq"].includes(name),
  );
}

describe("the forms and information pages follow the published content", () => {
  it("shows a changed price band, payment method and FAQ answer on /services", async () => {
    const before = await mainOf("/services", moduleContent());
    expect(before).toContain("Small (2-4 in) $150-300");

    const after = await mainOf(
      "/services",
      changed((content) => {
        content.prices.small.range = "$175-325";
        content.policies.booking.paymentMethods = ["Cash", "Zelle"];
        const pricing = content.faq.items.find((entry) => entry.id === "pricing");
        if (!pricing) throw new Error("The seed has no pricing question");
        pricing.answer = "Every quote is written down before the session and never changes on the day.";
      }),
    );
    expect(after).toContain("Small (2-4 in) $175-325");
    expect(after).not.toContain("Small (2-4 in) $150-300");
    expect(after).toContain("We accept cash and Zelle.");
    expect(after).not.toContain("Venmo");
    expect(after).toContain("Every quote is written down before the session and never changes on the day.");
  });

  it("lists the services page's questions in the order the content gives", async () => {
    const after = await mainOf(
      "/services",
      changed((content) => {
        content.faq.servicesPage = ["healing", "pricing"];
      }),
    );
    const healing = after.indexOf("How long does a tattoo take to heal?");
    const pricing = after.indexOf("How much does a custom tattoo cost?");
    expect(healing).toBeGreaterThan(-1);
    expect(pricing).toBeGreaterThan(healing);
    expect(after).not.toContain("Do you take walk-ins?");
  });

  it("states a changed deposit in the terms and on the booking page", async () => {
    const edit: Edit = (content) => {
      content.policies.deposit.amount = 150;
      content.policies.deposit.summary = "A $150 deposit holds your date and comes off the final price.";
    };
    await expectOnPages(edit, [
      [
        "/terms-of-service",
        "A $150 deposit holds your date and comes off the final price.",
        "A $100 cash deposit",
      ],
      // Beside the request form, the deposit in brief: its amount, and how it is paid here.
      ["/book-consultation", "A $150 deposit, applied to the final price, secures your date.", "$100"],
      ["/about", "with the $150 deposit", "$100"],
    ]);
  });

  it("offers the published sizes and prices in the request and contact forms", async () => {
    const edit: Edit = (content) => {
      content.prices.small = { label: "Petite (1-3 in)", inches: "1-3", range: "$120-250" };
    };
    await expectOnPages(edit, [
      ["/book-consultation", "Petite (1-3 inches)", "Small (2-4 inches)"],
      ["/contact", "Small tattoo (1-3 in, $120-250)", "$150-300"],
    ]);
  });

  it("gives the changed directions, phone and hours on /contact", async () => {
    const after = await mainOf(
      "/contact",
      changed((content) => {
        content.studio.findingTheStudio.directions = "Turn left at the old mill and look for the gold sign.";
        content.studio.phone = { display: "(301) 555-0199", e164: "+13015550199" };
        const friday = content.hours.weekly.find((day) => day.day === "Friday");
        if (!friday?.opens) throw new Error("The seed opens on Fridays");
        friday.closes = "20:00";
      }),
    );
    expect(after).toContain("Turn left at the old mill and look for the gold sign.");
    expect(after).not.toContain("From I-95 or the Baltimore-Washington Parkway");
    expect(after).toContain("(301) 555-0199");
    expect(after).toMatch(/Friday 12:00 PM - 8:00 PM/);
  });

  it("gives the changed healing times and doctor's advice on /aftercare", async () => {
    const after = await mainOf(
      "/aftercare",
      changed((content) => {
        content.policies.aftercare.fullHealing = "5 to 7 weeks";
        const infection = content.faq.items.find((entry) => entry.id === "infection");
        if (!infection) throw new Error("The seed has no infection question");
        infection.answer = "Spreading redness after the third day means a call to your doctor today.";
      }),
    );
    expect(after).toContain("Full healing: 5 to 7 weeks");
    expect(after).toContain("over 5 to 7 weeks");
    expect(after).not.toContain(moduleContent().policies.aftercare.fullHealing);
    expect(after).toContain("Spreading redness after the third day means a call to your doctor today.");
  });

  it("counts the reviews and the portfolio the content holds", async () => {
    const content = changed((draft) => {
      draft.testimonials = draft.testimonials.slice(0, 3);
      draft.portfolio = draft.portfolio.slice(0, 4);
    });
    expect(await mainOf("/about", content)).toContain("rating from 3 reviews");
    expect(await mainOf("/google-index-info", content)).toContain("The portfolio of 4 custom pieces");
  });

  it("names the studio's changed address and e-mail in the privacy policy and copyright pages", async () => {
    const edit: Edit = (content) => {
      content.studio.email = "studio@example.com";
      content.studio.address.street = "12 Harbor Lane";
    };
    for (const path of ["/privacy-policy", "/copyright"]) {
      const after = await mainOf(path, changed(edit));
      expect(after).toContain("12 Harbor Lane");
      expect(after).toContain("studio@example.com");
      expect(after).not.toContain(moduleContent().studio.address.street);
    }
  });

  it("carries to the browser only the lists each page shows", async () => {
    expect(await carriedSections("/contact")).toEqual([]);
    // The flash designs, for showing a design attached by "Book this design".
    expect(await carriedSections("/book-consultation")).toEqual(["flash"]);
    // Pages without islands carry no data at all.
    expect(await carriedSections("/terms-of-service")).toBeNull();
    expect(await carriedSections("/services")).toEqual(["faq"]);
    expect(await carriedSections("/aftercare")).toEqual(["faq"]);
    expect(await carriedSections("/about")).toBeNull();
  });
});
