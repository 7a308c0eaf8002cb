import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { testimonials } from "../../shared/content/testimonials";
import { messages } from "../../shared/schemas/fields";
import { d1 } from "../support/d1";
import { unique, useFormPages, waitForFillTime } from "../support/form-pages";

/**
 * The site with JavaScript off, as a visitor with scripts blocked meets it: both forms post as
 * plain forms and the worker answers with the page, errors and all; controls that need a script
 * are not offered.
 */
const baseUrl = inject("baseUrl");
const { newContext } = useFormPages();

async function openWithoutScripts(
  path: string,
  width = 1280,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return { page, context };
}

describe("forms without JavaScript", () => {
  it("the contact form shows errors under the fields with what was typed kept, then sends", async () => {
    const { page, context } = await openWithoutScripts("/contact", 390);
    expect(await page.getByText(/needs JavaScript/).count()).toBe(0);
    // Only a script keeps a draft in the browser, so the page does not promise it.
    expect(await page.getByText("What you type is kept in this browser").isVisible()).toBe(false);
    const send = page.getByRole("button", { name: "Send Message" });
    expect(await send.isDisabled()).toBe(false);

    await send.click();
    await page.waitForURL("**/forms/contact");
    expect(await page.locator("#contact-name-error").textContent()).toContain(messages.nameRequired);
    expect(await page.locator("#contact-email-error").textContent()).toContain(messages.emailRequired);
    expect(await page.locator("#contact-message-error").textContent()).toContain(messages.textRequired);
    expect(await page.locator("#contact-age-error").textContent()).toContain(messages.ageRequired);
    expect(await page.getByRole("alert").textContent()).toContain("Please check:");

    const tag = unique();
    await page.getByLabel("Name").fill("Marcus Bell");
    await page.getByLabel("Email").fill(`marcus.${tag}@`);
    await page.getByLabel("Service interest").selectOption("medium");
    await page.locator("#contact-message").fill(`Traditional swallow & dagger, bold "colour". ${tag}`);
    await page.getByLabel(/Send me news/).check();
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await send.click();
    await page.waitForLoadState();
    await expect
      .poll(() => page.locator("#contact-email-error").textContent())
      .toContain(messages.emailFormat);
    expect(await page.locator("#contact-name-error").count()).toBe(0);
    expect(await page.getByLabel("Name").inputValue()).toBe("Marcus Bell");
    expect(await page.getByLabel("Email").inputValue()).toBe(`marcus.${tag}@`);
    expect(await page.getByLabel("Service interest").inputValue()).toBe("medium");
    expect(await page.locator("#contact-message").inputValue()).toBe(
      `Traditional swallow & dagger, bold "colour". ${tag}`,
    );
    expect(await page.getByLabel(/Send me news/).isChecked()).toBe(true);
    expect(await page.getByLabel("I confirm that I am 18 years of age or older").isChecked()).toBe(true);
    // The first field to fix has focus, with no script to put it there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-email");

    await page.getByLabel("Email").fill(`marcus.${tag}@example.com`);
    await waitForFillTime(context);
    await send.click();
    await page.waitForURL("**/forms/contact/sent#form-sent");
    // The redirect lands on the confirmation, even on a phone where the form is far down.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = document.getElementById("form-sent")?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "Thank you" }).textContent()).toBe(
      "✅ Thank you for your message! We'll get back to you within 24 hours.",
    );
    expect(await page.locator("#contact-message").inputValue()).toBe("");
    expect(
      d1(
        `SELECT name, service_interest, newsletter_signup FROM contact_submissions WHERE email = 'marcus.${tag}@example.com'`,
      ),
    ).toEqual([{ name: "Marcus Bell", service_interest: "medium", newsletter_signup: 1 }]);
    // A reload of the page that says so sends nothing again.
    await page.reload();
    expect(d1(`SELECT id FROM contact_submissions WHERE email = 'marcus.${tag}@example.com'`)).toHaveLength(
      1,
    );
  });

  it("the consultation request shows its errors with what was typed kept, then 'Request Sent!'", async () => {
    const { page, context } = await openWithoutScripts("/book-consultation", 390);
    // The form needs no script; only adding reference images does, and the form says so instead
    // of offering a file picker whose files would never be sent.
    expect(await page.getByText(/form needs JavaScript/).count()).toBe(0);
    expect(await page.getByText(/^Adding images needs JavaScript/).isVisible()).toBe(true);
    expect(await page.locator("input[type=file]").isVisible()).toBe(false);
    expect(await page.getByText("Add reference images").isVisible()).toBe(false);
    // The form is in the page without a script, nothing to open first.
    expect(await page.getByRole("button", { name: "Send Request" }).isEnabled()).toBe(true);
    const tag = unique();
    await page.getByLabel("Full name").fill("Devon Carter");
    await page.getByLabel("Phone").fill("555-01");
    await page.getByLabel("Tattoo idea").fill(`Black and grey realism of my dog Juno. ${tag}`);
    await page.getByLabel("Size").selectOption("Medium (4-6 inches)");
    await page.getByLabel("Availability").fill("Thursday\nor Friday afternoons");
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.waitForURL("**/forms/consultations");

    expect(await page.locator("#consultation-email-error").textContent()).toContain(messages.emailRequired);
    expect(await page.locator("#consultation-phone-error").textContent()).toContain(messages.phoneLength);
    expect(await page.locator("#consultation-age-error").textContent()).toContain(messages.ageRequired);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Devon Carter");
    expect(await page.getByLabel("Phone").inputValue()).toBe("555-01");
    expect(await page.getByLabel("Size").inputValue()).toBe("Medium (4-6 inches)");
    expect(await page.getByLabel("Availability").inputValue()).toBe("Thursday\nor Friday afternoons");
    expect(await page.getByLabel("Tattoo idea").inputValue()).toBe(
      `Black and grey realism of my dog Juno. ${tag}`,
    );

    await page.getByLabel("Email").fill(`devon.${tag}@example.com`);
    await page.getByLabel("Phone").fill("+1 240 555 0172");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await waitForFillTime(context);
    await page.getByRole("button", { name: "Send Request" }).click();
    // The confirmation carries the request's private status link (decision 018).
    await page.waitForURL(/\/forms\/consultations\/sent\?request=[\w-]{43}#form-sent$/);
    expect(await page.locator("#consultation-form").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Request Sent!" }).count()).toBe(1);
    expect(await page.locator(".request-sent__message").textContent()).toBe(
      "Consultation request submitted successfully! We'll contact you within 24 hours to schedule your free session.",
    );
    expect(await page.getByRole("link", { name: "View Portfolio" }).getAttribute("href")).toBe("/gallery");
    expect(
      d1(
        `SELECT phone, size, availability FROM consultation_requests WHERE email = 'devon.${tag}@example.com'`,
      ),
    ).toEqual([
      { phone: "+12405550172", size: "Medium (4-6 inches)", availability: "Thursday\nor Friday afternoons" },
    ]);
  });
});

describe("controls that need JavaScript are not offered without it", () => {
  it("hides the gallery's and the flash sheet's search and filters and the scroll loader; cards open their image", async () => {
    const { page } = await openWithoutScripts("/gallery", 390);
    expect(await page.getByLabel("Search the portfolio").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "All", exact: true }).isVisible()).toBe(false);
    expect(await page.getByText("Loading more…").isVisible()).toBe(false);
    // The pieces themselves are all there: the first cards, then the list of the rest.
    expect(await page.locator(".gallery-grid .art-card").count()).toBeGreaterThan(0);
    // A card opens its large image, as a link, where the lightbox needs a script.
    const card = page.getByRole("link", { name: /^Open / }).first();
    const href = (await card.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/tattoo-images\/tattoo-\d+-xl\.webp$/);
    const image = await page.request.get(`${baseUrl}${href}`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    await page.goto(`${baseUrl}/flash`);
    expect(await page.getByLabel("Search flash designs").isVisible()).toBe(false);
    const design =
      (await page
        .getByRole("link", { name: /ask about this design/ })
        .first()
        .getAttribute("href")) ?? "";
    expect((await page.request.get(`${baseUrl}${design}`)).status()).toBe(200);
  });

  it("shows every review without 'Load More'", async () => {
    const { page } = await openWithoutScripts("/reviews");
    expect(await page.getByRole("button", { name: /Load More/ }).isVisible()).toBe(false);
    expect(await page.locator(".testimonial:visible").count()).toBe(testimonials.length);
  });

  it("offers no button that does nothing on the form pages and the aftercare page", async () => {
    for (const path of ["/contact", "/book-consultation", "/aftercare", "/"]) {
      const { page } = await openWithoutScripts(path);
      const inert = await page
        .locator("main button:visible")
        .evaluateAll((buttons) =>
          buttons
            .filter((button) => (button as HTMLButtonElement).type !== "submit")
            .map((button) => button.textContent?.trim()),
        );
      expect(inert, path).toEqual([]);
      // The privacy dialog's markup (closed, and never opened without scripts) is not offered.
      expect(await page.locator("button[disabled]:visible").count(), path).toBe(0);
    }
  });
});
