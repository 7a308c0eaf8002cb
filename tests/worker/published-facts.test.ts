import { env } from "cloudflare:test";
import { prerenderPaths } from "virtual:site-render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";
import { send as adminSend } from "./admin-support";
import { offeredSlots, openPage, postForm, readyToBook } from "./booking-support";
import { studioSession } from "./content-support";
import { prerenderedAssets } from "./site-pages-support";
import { post, send, validConsultation } from "./submission-support";

/**
 * One source for every fact the studio publishes: the artist changes a fact in the Studio and
 * publishes, and then nothing the site serves or sends states the old one. Every page (the
 * not-found page too), the sitemap, the pages' data files and structured data, a request's status
 * page, its calendar file and the e-mails it is sent are read after one publish that changes the
 * hours, the phone, the address, the e-mail, the prices, the deposit, the payment methods and the
 * announcement.
 */

const session = studioSession();

/**
 * Each test's versions numbered apart from the others': the pages a location caches are kept by
 * version, and outlive the storage that each test seeds afresh (versions never repeat in a real
 * deployment, where nothing is ever deleted).
 */
let firstVersion = 1;
beforeEach(async () => {
  firstVersion += 100;
  await env.DB.prepare("UPDATE content_versions SET version = ? WHERE version = 1").bind(firstVersion).run();
});

/** The drafts as the Studio loads them. */
async function drafts(): Promise<StudioContent> {
  const body = (await (await adminSend("GET", "/api/admin/content", session.cookie())).json()) as {
    sections: Record<string, { data: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(body.sections).map(([name, section]) => [name, section.data]),
  ) as StudioContent;
}

/** Saves each changed section as the Studio does, then publishes. */
async function publishChanges(change: (content: StudioContent) => void) {
  const content = await drafts();
  const before = structuredClone(content);
  change(content);
  for (const name of Object.keys(content) as (keyof StudioContent)[]) {
    if (JSON.stringify(content[name]) === JSON.stringify(before[name])) continue;
    const saved = await session.saveSection(name, content[name]);
    expect(saved.status, `saving ${name}: ${await saved.clone().text()}`).toBe(200);
  }
  const published = await session.publish();
  expect(published.status, await published.clone().text()).toBeLessThan(300);
}

const page = (path: string, overrides: Partial<Env> = {}) =>
  send(path, {}, { ASSETS: prerenderedAssets, ...overrides });

/** Every page the site serves, the not-found page and the sitemap, with the data files they name. */
async function everythingServed(overrides: Partial<Env> = {}) {
  const served = new Map<string, string>();
  for (const path of [...prerenderPaths, "/no-such-page", "/sitemap.xml"]) {
    const response = await page(path, overrides);
    served.set(path, (await response.text()).replaceAll("<!-- -->", ""));
  }
  const dataFiles = new Set(
    [...served.values()].flatMap(
      (html) => html.match(/\/page-data\/[a-z-]+\.[A-Za-z0-9_-]{22}\.json/g) ?? [],
    ),
  );
  for (const file of dataFiles) {
    const response = await page(file, overrides);
    expect(response.status, file).toBe(200);
    served.set(file, await response.text());
  }
  return served;
}

/** What the studio stated before the publish: none of it may be left anywhere. */
const oldValues = [
  "(301) 555-0142",
  "+13015550142",
  "9012 Main Street",
  "studio@gildedneedletattoo.com",
  "Thursday to Sunday, 12 PM to 6 PM",
  "Thursday to Sunday 12 PM to 6 PM",
  "$150-300",
  "$100 deposit",
  "cash deposit",
  "Venmo",
  "Zelle",
];

/** The e-mails the worker sends through the HTTP mail provider, as the provider receives them. */
function mailbox() {
  const sent: { to: string[]; subject: string; text: string; attachments?: { content: string }[] }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return Response.json({ id: `msg-${sent.length}` });
  });
  return sent;
}
const httpMail = { MAIL_PROVIDER: "http", MAIL_API_KEY: "test-key" } as Partial<Env>;

/** A calendar file as a person's calendar reads it: lines unfolded, text unescaped. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, "").replace(/\\([,;\\])/g, "$1");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a fact changed in the Studio and published", () => {
  it("is stated everywhere the site serves or sends, and the old value nowhere", async () => {
    // A client with a paid deposit, before the publish: their page, calendar file and e-mails
    // come after it.
    const client = await readyToBook();
    await publishChanges((content) => {
      content.studio.phone = { display: "(240) 555-0199", e164: "+12405550199" };
      content.studio.address.street = "4410 Baltimore Avenue, Suite 1";
      content.studio.email = "hello@gildedneedle.studio";
      content.studio.geo = { latitude: 38.9559, longitude: -76.9455 };
      content.hours.weekly = content.hours.weekly.map((day) =>
        day.day === "Saturday" ? { ...day, closes: "20:00" } : day,
      );
      content.prices.small.range = "$180-320";
      content.prices.flash.range = "$160-280";
      // A review's price is what that client paid, not the studio's price list: none is given
      // here, so that the old price list's figures are nowhere at all.
      content.testimonials = content.testimonials.map(({ priceRange: _paid, ...review }) => review);
      content.policies.deposit.amount = 120;
      content.policies.booking.paymentMethods = ["Cash", "Visa", "MasterCard", "Apple Pay"];
      content.announcement = { text: "New hours on Saturdays: open until 8 PM." };
    });

    const served = await everythingServed();
    const sent = mailbox();
    // The client books (a Saturday evening is free only with the new hours) and gets the
    // confirmation with the calendar file; a new visitor sends a request and gets its e-mail.
    const slots = await offeredSlots(180);
    const saturdayEvening = slots.find((slot) => {
      const local = new Date(Date.parse(slot.startsAt) - 5 * 3_600_000);
      return local.getUTCDay() === 6 && local.getUTCHours() >= 16;
    });
    expect(saturdayEvening, "a session ending after 6 PM on a Saturday").toBeTruthy();
    const booked = await postForm(
      `/requests/${client.token}/booking`,
      { startsAt: saturdayEvening?.startsAt ?? "" },
      undefined,
      httpMail,
    );
    expect(booked.status).toBe(303);
    const request = await post("/api/consultations", validConsultation(), { env: httpMail });
    expect(request.status).toBe(201);
    served.set("status page", await (await openPage(client.token)).text());
    served.set("calendar file", unfolded(await (await openPage(`${client.token}/booking.ics`)).text()));
    const confirmation = sent.find((mail) => mail.subject === "Your tattoo session is booked");
    const received = sent.find((mail) => mail.subject === "We received your consultation request");
    expect(confirmation && received, sent.map((mail) => mail.subject).join(", ")).toBeTruthy();
    served.set("booking e-mail", confirmation?.text ?? "");
    served.set(
      "booking e-mail's calendar file",
      unfolded(atob(confirmation?.attachments?.[0]?.content ?? "")),
    );
    served.set("request e-mail", received?.text ?? "");

    for (const [where, text] of served) {
      for (const old of oldValues) expect(text, `${where} still says ${old}`).not.toContain(old);
      if (where.startsWith("/") && !where.startsWith("/page-data") && where !== "/sitemap.xml") {
        // Every page: the new phone and hours in its footer, the announcement under its header,
        // and no fact left as a {token}.
        expect(text, where).toContain('href="tel:+12405550199"');
        expect(text, where).toContain("Saturday, 12 PM to 8 PM (walk-ins welcome or by appointment)");
        expect(text, where).toContain("New hours on Saturdays: open until 8 PM.");
        expect(text, where).not.toMatch(/\{[a-zA-Z]+\}/);
      }
    }
    const services = served.get("/services") ?? "";
    expect(services).toContain("$180-320");
    expect(services).toContain(
      "A $120 deposit secures your appointment. It is applied to the final price and is non-refundable, but transferable with 48 hours&#x27; notice. You pay it in cash at the studio once you accept your quote.",
    );
    expect(services).toContain("We accept cash, Visa, MasterCard and Apple Pay.");
    expect(served.get("/flash")).toContain("$160-280");
    const parlor = (served.get("/") ?? "").match(/"openingHoursSpecification":(\[[^\]]*\])/)?.[1] ?? "[]";
    expect(JSON.parse(parlor)).toContainEqual(
      expect.objectContaining({ dayOfWeek: "https://schema.org/Saturday", closes: "20:00" }),
    );
    expect(served.get("status page")).toContain("(240) 555-0199");
    expect(served.get("calendar file")).toContain(
      "LOCATION:Gilded Needle Tattoo, 4410 Baltimore Avenue, Suite 1",
    );
    expect(served.get("calendar file")).toContain("mailto:hello@gildedneedle.studio");
    expect(served.get("booking e-mail")).toContain(
      "At the studio: 4410 Baltimore Avenue, Suite 1, Laurel, MD",
    );
    expect(served.get("booking e-mail")).toContain("(240) 555-0199 · hello@gildedneedle.studio");
    expect(served.get("request e-mail")).toContain("(240) 555-0199 · hello@gildedneedle.studio");
    // A visitor standing at the new address is no distance from the studio.
    const here = await send("/api/location/precise", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.250.0.1" },
      body: JSON.stringify({ latitude: 38.9559, longitude: -76.9455, accuracy: 10 }),
    });
    expect(((await here.json()) as { distance_from_business: number }).distance_from_business).toBe(0);
  });

  it("closing the books turns every booking button into the waitlist's, on every page", async () => {
    // First an announcement that they close, then the books closed: two publishes, each read back.
    await publishChanges((content) => {
      content.announcement = { text: "The books close on Friday." };
    });
    expect(await (await page("/gallery")).text()).toContain("The books close on Friday.");
    await publishChanges((content) => {
      content.booking = { booksOpen: false, message: "Booked up until spring." };
    });
    for (const [where, text] of await everythingServed()) {
      if (!where.startsWith("/") || where.startsWith("/page-data") || where === "/sitemap.xml") continue;
      expect(text.match(/.{0,200}>Book a free consultation<.{0,40}/)?.[0], where).toBeUndefined();
      expect(text, where).toContain("The books close on Friday.");
    }
    const booking = await (await page("/book-consultation")).text();
    expect(booking).toContain("Booked up until spring.");
    expect(booking).toContain(">Join the waitlist<");
  });
});

describe("a fact named in a text the artist writes", () => {
  it("is filled in where the text is shown, and a name that is no fact is refused on saving", async () => {
    const { faq } = await drafts();
    const answer = (text: string) => ({
      ...faq,
      items: faq.items.map((item) => (item.id === "pricing" ? { ...item, answer: text } : item)),
    });
    const refused = await session.saveSection("faq", answer("Small pieces run {smallprice}."));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.values(body.error.fields ?? {}).join(" ")).toContain("No fact is called {smallprice}");
    await publishChanges((content) => {
      content.faq = answer("Small pieces run {smallPrice}, and the deposit is {deposit}.");
    });
    const services = (await (await page("/services")).text()).replaceAll("<!-- -->", "");
    expect(services).toContain("Small pieces run $150-300, and the deposit is $100.");
  });
});

describe("the deposit and payment words", () => {
  it("follow how the studio takes payment: cash at the studio, or by card once Stripe is set up", async () => {
    const words = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    const cash = words(await (await page("/services")).text());
    expect(cash).toContain("You pay it in cash at the studio once you accept your quote.");
    expect(cash).not.toContain("by card");
    const card = words(await (await page("/services", { STRIPE_SECRET_KEY: "sk_test_facts" })).text());
    expect(card).toContain(
      "You pay it once you accept your quote: by card on your request's page, or in cash at the studio.",
    );
    // The same page under the other setup is a page of its own, never the cash one kept before.
    expect(
      words(await (await page("/terms-of-service", { STRIPE_SECRET_KEY: "sk_test_facts" })).text()),
    ).toContain("by card on your request's page");
  });

  it("state the card-on-file policy, in its published words, exactly while a card is kept", async () => {
    const keeping = {
      STRIPE_SECRET_KEY: "sk_test_facts",
      STRIPE_WEBHOOK_SECRET: "whsec_facts",
      STRIPE_CARD_ON_FILE: "on",
    };
    const policy =
      "A credit card on file is required for every appointment. It is charged only for a no-show or a cancellation within 48 hours.";
    for (const path of ["/services", "/terms-of-service"]) {
      expect((await (await page(path, keeping)).text()).replaceAll("<!-- -->", ""), path).toContain(policy);
    }
  });

  it("never promise a card on file, which the studio does not keep", async () => {
    for (const [where, text] of await everythingServed({ STRIPE_SECRET_KEY: "sk_test_facts" })) {
      if (where.startsWith("/page-data")) continue;
      expect(text, where).not.toContain("credit card on file");
    }
  });
});
