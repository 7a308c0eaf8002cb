import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { gotoReady } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();

describe("admin shell", () => {
  for (const path of ["/admin", "/admin/login", "/admin/dashboard", "/admin/consultations", "/admin/test"]) {
    it(`${path} loads the admin bundle with noindex`, async () => {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      // The sign-in page starts the same script after its first paint (data-entry).
      expect(html).toMatch(/(src|data-entry)="\/assets\/admin-[^"]+\.js"/);
    });
  }

  it("a deep link to a protected screen without a session lands on the sign-in page", async () => {
    const page = await browser().newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoReady(page, `${baseUrl}/admin/consultations`);
    await page.waitForURL(/\/admin\/login(\?|$)/);
    expect(await page.locator("h1").textContent()).toBe("Admin sign in");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the sign-in page arrives with its form drawn, which the script takes over as it stands", async () => {
    const drawn = await (await fetch(`${baseUrl}/admin/login`)).text();
    expect(drawn).toContain('<h1 id="admin-title">Admin sign in</h1>');
    // Until the script runs it, the form cannot be sent (the browser would put the password in
    // the address); posted anyway, it goes nowhere near the address bar.
    expect(drawn).toMatch(/<form[^>]*method="post"/);
    expect(drawn).toMatch(/<button type="submit"[^>]*disabled=""/);
    // With the session hint the screen depends on the session: the script decides.
    const hinted = await fetch(`${baseUrl}/admin/login`, { headers: { Cookie: "gn_signed_in=1" } });
    expect(await hinted.text()).toContain('<div id="root"></div>');

    const page = await browser().newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(`${baseUrl}/admin/login`);
    const heading = await page.locator("h1").elementHandle();
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole("button", { name: "Sign in", exact: true }).isEnabled())
      .toBe(true);
    // Hydrated, not redrawn: the heading the page arrived with is still the one shown.
    expect(await heading?.evaluate((node) => node.isConnected)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("bundle isolation", () => {
  const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }> =
    JSON.parse(readFileSync("dist/meta/client-chunks.json", "utf8"));

  /**
   * Every source module a page can load: its scripts (including those a page that starts its
   * scripts after the first paint names in its loader's data attributes) and everything they
   * import, statically or not.
   */
  function modulesLoadedBy(html: string): string[] {
    const start = [...html.matchAll(/\/(assets\/[^"\s]+\.js)(?=["\s])/g)].map((m) => m[1] ?? "");
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const file = queue.pop() ?? "";
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = chunks[file];
      expect(chunk, `chunk ${file} is in the build graph`).toBeDefined();
      queue.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
    }
    return [...seen].flatMap((file) => chunks[file]?.modules ?? []);
  }

  it("no public page loads any admin code", () => {
    for (const page of [...publicPages.map((p) => p.path), "/404"]) {
      const file = page === "/" ? "index.html" : page === "/404" ? "404.html" : `${page.slice(1)}/index.html`;
      const html = readFileSync(join("dist/client", file), "utf8");
      const modules = modulesLoadedBy(html);
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.filter((id) => id.startsWith("admin/"))).toEqual([]);
    }
  });

  it("the admin page does load the admin code (the check above can see it)", () => {
    const html = readFileSync("dist/client/admin/index.html", "utf8");
    expect(modulesLoadedBy(html).some((id) => id.startsWith("admin/"))).toBe(true);
  });
});
