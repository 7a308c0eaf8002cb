// The artist's Studio at phone width, on the served worker: an edit saved as a draft, published,
// on the public page (as served, without JavaScript) within 10 s, and the previous version
// restored; a field the server refuses; a list reordered from the keyboard.
import { describe, expect, inject, it } from "vitest";
import { openStudioSection, useAdminAccount, useAdminSession } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("studio-artist@e2e-studio.test", "a studio editor passphrase 58");
const session = useAdminSession(browser, account, { width: 390, address: "2001:db8:5d::1" }, (problems) => {
  // Chromium logs the one save the server refuses on purpose (the field-error test), and the
  // booking section's question for the waitlist's size where the server has no waitlist.
  expect(problems.filter((problem) => !/status of (400|404)/.test(problem))).toEqual([]);
  expect(problems.filter((problem) => /status of 400/.test(problem))).toHaveLength(1);
});

/** The contact page as served: what a visitor with JavaScript off reads. */
const contactPage = async () => (await fetch(`${baseUrl}/contact`)).text();

describe("the Studio at 390 px", () => {
  it("edits the hours, publishes them to the public page within 10 s, then restores the previous version", async () => {
    const { page } = session();
    const marker = `Late tattoo night ${Date.now()}`;
    await openStudioSection(page, "Hours");
    const live = Number(
      /Live: version (\d+)/.exec((await page.locator(".studio-publish__state").textContent()) ?? "")?.[1],
    );
    expect(await contactPage()).not.toContain(marker);

    await page.getByLabel("Thursday note", { exact: true }).fill(marker);
    await page.getByLabel("Thursday closes", { exact: true }).fill("19:30");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/Draft saved/);
    await expect
      .poll(() => page.locator(".studio-publish__state").textContent())
      .toMatch(/Not published yet: .*Hours/);
    // A draft is not live.
    expect(await contactPage()).not.toContain(marker);

    await page.getByLabel("Note for the history (optional)").fill("Late Thursday");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publishedAt = Date.now();
    await expect.poll(() => page.getByText(/Published version \d+/).count()).toBe(1);
    await expect.poll(contactPage, { timeout: 10_000, interval: 250 }).toContain(marker);
    expect(Date.now() - publishedAt).toBeLessThan(10_000);
    expect(await contactPage()).toContain("7:30");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Restore version ${live}`, exact: true }).click();
    await expect.poll(() => page.getByText(`Version ${live} is live again`).count()).toBe(1);
    await expect.poll(contactPage, { timeout: 10_000, interval: 250 }).not.toContain(marker);
  });

  it("shows the server's message at the refused field and moves focus to it", async () => {
    const { page } = session();
    await page.reload();
    await openStudioSection(page, "Hours");
    const closes = page.getByLabel("Friday closes", { exact: true });
    await closes.fill("11:00");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect
      .poll(() => page.locator("#studio-hours-weekly-4-closes-error").textContent())
      .toBe("Closing time must be after opening time");
    expect(await closes.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("studio-hours-weekly-4-closes");
    // What she typed stays, to correct rather than retype.
    expect(await closes.inputValue()).toBe("11:00");
  });

  it("moves a piece with the keyboard and says where it went", async () => {
    const { page } = session();
    await page.reload();
    await openStudioSection(page, "Portfolio");
    const titles = () =>
      page
        .locator(".studio-item__title")
        .evaluateAll((els) => els.map((el) => el.childNodes[0]?.textContent));
    const before = await titles();
    const first = before[0] ?? "";
    await page.getByRole("button", { name: `Move ${first} down`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(titles).toEqual([before[1], first, ...before.slice(2)]);
    await expect
      .poll(() => page.locator('[aria-live="polite"]').first().textContent())
      .toBe(`${first} moved to position 2 of ${before.length}.`);
    // Focus follows the piece, so pressing again keeps moving it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain(`Move ${first} down`);
    await page.keyboard.press("Enter");
    await expect.poll(titles).toEqual([before[1], before[2], first, ...before.slice(3)]);
  });

  it("refuses more than 20 photos at once, saying so, and sends none of them", async () => {
    const { page } = session();
    await page.reload();
    await openStudioSection(page, "Portfolio");
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/admin/photos")) sent++;
    });
    const files = Array.from({ length: 21 }, (_, i) => ({
      name: `photo-${i}.jpg`,
      mimeType: "image/jpeg",
      buffer: Buffer.from([0xff, 0xd8, 0xff]),
    }));
    await page.getByLabel("Add photos").setInputFiles(files);
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toBe("You picked 21 photos; send at most 20 at a time.");
    expect(sent).toBe(0);
    expect(await page.locator("progress").count()).toBe(0);
  });

  it("keeps an unsaved edit while she looks at another section", async () => {
    const { page } = session();
    await page.reload();
    await openStudioSection(page, "Hours");
    const typed = `Half-typed note ${Date.now()}`;
    await page.getByLabel("Thursday note", { exact: true }).fill(typed);
    await openStudioSection(page, "Booking");
    await openStudioSection(page, "Hours");
    expect(await page.getByLabel("Thursday note", { exact: true }).inputValue()).toBe(typed);
    expect(await page.getByText("unsaved changes in this tab").count()).toBe(1);
  });
});
