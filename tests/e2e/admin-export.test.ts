// The inbox's CSV export at a size the artist really reaches, read back by a strict parser.
import { describe, expect, inject, it } from "vitest";
import { adminPage, signInHere, useAdminAccount } from "../support/admin-browser";
import { parseCsv } from "../support/csv";
import { d1 } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("export-artist@e2e-studio.test", "an export e2e passphrase 19");

describe("the CSV export", () => {
  it("streams 10,000 matching rows that a strict CSV parser reads back intact, formulas neutralised", async () => {
    const token = "Ledger10k";
    // Old dates, so these rows never push other tests' requests off the first page.
    d1(
      `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       SELECT ?1 || '-' || i,
         CASE WHEN i % 10 = 0 THEN '=HYPERLINK("http://x") ' || ?1 || ' ' || i
              ELSE 'Zoë "Quoted", ' || ?1 || ' ' || i END,
         'row' || i || '@example.com', '301555' || printf('%04d', i),
         'Line one, with a comma' || char(13, 10) || 'line two ' || i, 'pending',
         strftime('%Y-%m-%dT%H:%M:%fZ', '2021-01-01', '+' || i || ' seconds')
       FROM n`,
      token,
    );
    const { context, page, problems } = await adminPage(browser(), {
      width: 1280,
      address: "2001:db8:1b0::c5f",
    });
    await page.goto(`${baseUrl}/admin/login?next=${encodeURIComponent(`/admin/consultations?q=${token}`)}`);
    await signInHere(page, account);
    await page.waitForURL(/\/admin\/consultations\?q=Ledger10k/);
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const response = await context.request.get(`${baseUrl}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
    const records = parseCsv(await response.text());
    const [header, ...rows] = records;
    expect(rows).toHaveLength(10_000);
    const nameAt = header?.indexOf("name") ?? -1;
    const ideaAt = header?.indexOf("tattoo_idea") ?? -1;
    expect(rows.every((row) => row.length === header?.length)).toBe(true);
    const seen = new Set<number>();
    for (const row of rows) {
      const name = row[nameAt] ?? "";
      const i = Number(name.split(" ").at(-1));
      expect(name).toBe(
        i % 10 === 0 ? `'=HYPERLINK("http://x") ${token} ${i}` : `Zoë "Quoted", ${token} ${i}`,
      );
      expect(row[ideaAt]).toBe(`Line one, with a comma\r\nline two ${i}`);
      seen.add(i);
    }
    expect(seen.size).toBe(10_000);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
