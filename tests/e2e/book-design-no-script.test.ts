// "Book this design" with JavaScript off: the design a flash card links to comes along into the
// plain request form, and the saved request names it.
import { describe, expect, inject, it } from "vitest";
import { flashDesigns } from "../../shared/content/flash";
import { d1, sqlText } from "../support/d1";
import { unique, useFormPages, waitForFillTime } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { phoneWithoutScript } = useFormPages();
// A design anyone may book again: other tests may book it too.
const design = flashDesigns.find((item) => item.status === "available" && item.repeatable);

describe("Book this design without JavaScript", () => {
  it("shows the design on the request form and saves the request with it", async () => {
    if (!design) throw new Error("the seed has no repeatable flash design");
    const page = await phoneWithoutScript();
    await page.goto(`${baseUrl}/book-consultation?design=${design.id}`);
    expect(await page.locator(".attached-design__title").textContent()).toBe(design.title);
    const tag = unique();
    const email = `rio.${tag}@example.com`;
    await page.getByLabel("Full name").fill("Rio Tanaka");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("+1 240 555 0199");
    await page.getByLabel("Tattoo idea").fill(`This flash design on my forearm, please. ${tag}`);
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await waitForFillTime(page.context());
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.waitForURL(/\/forms\/consultations\/sent\?request=[\w-]{43}#form-sent$/);
    expect(d1(`SELECT flash_design FROM consultation_requests WHERE email = ${sqlText(email)}`)).toEqual([
      { flash_design: design.id },
    ]);
  });
});
