// Two tabs editing the same section: the later save is refused with a clear message, and the
// artist's edit in that tab stays on screen, nothing overwritten silently. Needs the server's
// revision check on drafts.
import { describe, expect, inject, it } from "vitest";
import { createAdminAccount, signedInAdminPage } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = { email: "studio-tabs@e2e-studio.test", password: "a two tab studio passphrase 64" };

describe("the Studio in two tabs", () => {
  // Signs in and drives two tabs through two saves: on a loaded CI machine that took over 30 s.
  it("refuses the later save of the same section and keeps what was typed", { timeout: 90_000 }, async () => {
    await createAdminAccount(account.email, account.password, inject("adminPepper"));
    const {
      context,
      page: first,
      problems,
    } = await signedInAdminPage(browser(), account, { width: 390, address: "2001:db8:5d::2" });
    await first.goto(`${baseUrl}/admin/studio/hours`);
    const second = await context.newPage();
    await second.goto(`${baseUrl}/admin/studio/hours`);
    const message = (page: typeof first) => page.getByLabel("Thursday note", { exact: true });
    await message(first).waitFor();
    await message(second).waitFor();
    const original = await message(first).inputValue();

    await message(first).fill(`First tab ${Date.now()}`);
    await first.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => first.getByText(/Draft saved/).count()).toBe(1);

    const typed = `Second tab ${Date.now()}`;
    await message(second).fill(typed);
    await second.getByRole("button", { name: "Save draft" }).click();
    await expect
      .poll(() => second.getByRole("alert").first().textContent())
      .toMatch(/changed in another tab/);
    expect(await message(second).inputValue()).toBe(typed);
    // Chromium logs the refused save; nothing else may go wrong.
    expect(problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
    // The draft goes back to what it was, for the tests after this one.
    await first.reload();
    await message(first).fill(original);
    await first.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => first.getByText(/Draft saved/).count()).toBe(1);
    await context.close();
  });
});
