import { describe, expect, it } from "vitest";
import { messages } from "../../shared/schemas/fields";
import { studio } from "../../shared/studio";
import { d1 } from "../support/d1";
import { holdRequests, humanPause, unique, useFormPages } from "../support/form-pages";
import { reloadReady } from "../support/islands";

/**
 * The consultation request on /book-consultation in a real Chromium against the served worker.
 */
const { open } = useFormPages();

describe("consultation request on /book-consultation", () => {
  it("opens with the tattoo idea filled in when an idea is carried over in the link", async () => {
    const idea = "Flash design \u201cBlack cat\u201d (flash-009), on my ankle";
    const page = await open(`/book-consultation?idea=${encodeURIComponent(idea)}`);
    await expect.poll(() => page.getByLabel(/Tattoo idea/).inputValue()).toBe(idea);
    expect(new URL(page.url()).searchParams.has("idea")).toBe(false);
    await reloadReady(page);
    // The draft keeps it; the link's parameter is gone, so later edits are never overwritten.
    await expect.poll(() => page.getByLabel(/Tattoo idea/).inputValue()).toBe(idea);
  });

  it("has the form first in the page, shows 'Preparing Request...', then 'Request Sent!' with its three links", async () => {
    const page = await open("/book-consultation", 390);
    expect(await page.getByRole("heading", { name: "What to expect" }).count()).toBe(1);
    expect(await page.locator(`.expect-box a[href="tel:${studio.phone.e164}"]`).count()).toBe(1);
    expect(await page.locator("#consultation-form").count()).toBe(1);
    // The form comes first on a phone: no toggle or jump link stands before it, and its heading
    // is on the first screen.
    expect(await page.getByText("Start Your Request").count()).toBe(0);
    const formTop = await page.evaluate(
      () => document.getElementById("request-form-title")?.getBoundingClientRect().top ?? -1,
    );
    expect(formTop).toBeGreaterThanOrEqual(0);
    expect(formTop).toBeLessThan(844);
    await page.setViewportSize({ width: 1280, height: 900 });

    const tag = unique();
    await page.getByLabel("Full name").fill("Devon Carter");
    await page.getByLabel("Email").fill(`devon.${tag}@example.com`);
    await page.getByLabel("Phone").fill("+1 240 555 0172");
    await page
      .getByLabel("Tattoo idea")
      .fill(`Black & grey realism of my dog "Juno", 5" tall; drop shadow. ${tag}`);
    await page.getByLabel("Size").selectOption("Medium (4-6 inches)");
    await page.getByLabel("Placement").fill("Right upper arm");
    await page.getByLabel("Timeframe").selectOption("2-3 months");
    await page.getByLabel("Tattoo experience").selectOption("1-2 tattoos");
    await page.getByLabel("Budget").selectOption("$600-800");
    await page.getByLabel("Availability").fill("Thursday or Friday afternoons");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await humanPause(page);

    const release = await holdRequests(page, "**/api/consultations");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => page.locator("button[type=submit]").textContent()).toBe("Preparing Request...");
    release();

    await expect.poll(() => page.getByRole("heading", { name: "Request Sent!" }).count()).toBe(1);
    expect(await page.locator(".request-sent__message").textContent()).toBe(
      "Consultation request submitted successfully! We'll contact you within 24 hours to schedule your free session.",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const booking = page.getByRole("link", { name: /Book Your Appointment/ });
    expect(await booking.getAttribute("href")).toBe("https://book.gildedneedletattoo.com/");
    expect(await booking.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await page.getByRole("link", { name: "View Portfolio" }).getAttribute("href")).toBe("/gallery");
    expect(await page.getByRole("link", { name: "Contact Info" }).getAttribute("href")).toBe("/contact");
    expect(await page.evaluate(() => localStorage.getItem("gn:draft:consultation"))).toBeNull();

    // The screen leads to the request's private status page, which shows what was sent.
    const status = page.getByRole("link", { name: "See your request's status" });
    expect(await status.getAttribute("href")).toMatch(/^\/requests\/[\w-]{43}$/);
    await status.click();
    await page.waitForURL(/\/requests\//);
    await expect.poll(() => page.getByText("Right upper arm").count()).toBeGreaterThan(0);

    const rows = d1<Record<string, string>>(
      `SELECT status, phone, size, budget, placement FROM consultation_requests WHERE email = 'devon.${tag}@example.com'`,
    );
    expect(rows).toEqual([
      {
        status: "pending",
        phone: "+12405550172",
        size: "Medium (4-6 inches)",
        budget: "$600-800",
        placement: "Right upper arm",
      },
    ]);
  });

  it("lists the failing fields under 'Please check:' with the studio phone, then clears the banner after 5 s", async () => {
    const page = await open("/book-consultation", 390);
    await page.getByLabel("Full name").fill("Al");
    await page.getByLabel("Phone").fill("555-0142");
    await page.getByRole("button", { name: "Send Request" }).click();

    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toContain("Sorry, there was an error submitting your request.");
    expect(await alert.locator("li").allTextContents()).toEqual([
      `Email: ${messages.emailRequired}`,
      `Phone: ${messages.phoneLength}`,
      `Tattoo idea: ${messages.textRequired}`,
      `Age confirmation: ${messages.ageRequired}`,
    ]);
    expect(await alert.textContent()).toContain("Please check:");
    expect(await alert.textContent()).toContain(
      `You can also contact us directly at ${studio.phone.display}`,
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    expect(await page.locator("#consultation-phone-error").textContent()).toContain(messages.phoneLength);
    await page.clock.fastForward(5200);
    await expect.poll(() => alert.locator(".form-banner").count()).toBe(0);
    // The field errors stay until the visitor fixes the field.
    expect(await page.locator("#consultation-phone-error").count()).toBe(1);
  });

  it("keeps every typed value when the database is down (503), and after a reload the form reopens with them", async () => {
    const page = await open("/book-consultation");
    // The worker's own answer when D1 is unreachable (worker/app.ts; tests/worker/faults.test.ts).
    const outage = `We couldn't reach our database just now, so nothing was saved. Please try again in a minute, or call the studio at ${studio.phone.display}.`;
    await page.route("**/api/consultations", (route) =>
      route.fulfill({
        status: 503,
        headers: { "Retry-After": "30" },
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: outage } }),
      }),
    );
    const values: [string, string][] = [
      ["Full name", "Hannah Whitfield"],
      ["Email", "hannah.w@example.com"],
      ["Phone", "443-555-0126"],
      ["Tattoo idea", "Geometric moon phases down my spine, thin lines with dotwork shading."],
      ["Placement", "Spine"],
      ["Availability", "Sunday afternoons"],
    ];
    for (const [label, value] of values) await page.getByLabel(label).fill(value);
    await page.getByLabel("Size").selectOption("Large (6+ inches)");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Sorry, there was an error");
    expect(await page.getByRole("alert").textContent()).toContain(outage);

    const check = async () => {
      for (const [label, value] of values) expect(await page.getByLabel(label).inputValue()).toBe(value);
      expect(await page.getByLabel("Size").inputValue()).toBe("Large (6+ inches)");
      expect(await page.getByLabel("I confirm that I am 18 years of age or older").isChecked()).toBe(true);
    };
    await check();
    await reloadReady(page);
    await expect.poll(() => page.locator("#consultation-form").count()).toBe(1);
    await check();
  });
});
