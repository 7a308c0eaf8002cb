import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { csvStream } from "../../worker/platform/csv";
import { quietLogs, send, signedInAdmin } from "./admin-support";
import { insertRequestRows } from "./inbox-support";

/** RFC 4180, strictly: CRLF between records, quoted fields with doubled quotes, commas between. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const field = () => {
    if (text[i] !== '"') {
      const end = text.slice(i).search(/,|\r\n/);
      const value = end === -1 ? text.slice(i) : text.slice(i, i + end);
      if (value.includes('"') || value.includes("\n"))
        throw new Error(`bare field with a quote or newline at ${i}`);
      i += value.length;
      return value;
    }
    let value = "";
    i++;
    for (;;) {
      const quote = text.indexOf('"', i);
      if (quote === -1) throw new Error("unterminated quoted field");
      value += text.slice(i, quote);
      if (text[quote + 1] === '"') {
        value += '"';
        i = quote + 2;
      } else {
        i = quote + 1;
        return value;
      }
    }
  };
  while (i < text.length) {
    record.push(field());
    if (text[i] === ",") i++;
    else if (text.startsWith("\r\n", i)) {
      i += 2;
      records.push(record);
      record = [];
    } else throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
  }
  if (record.length) throw new Error("last record has no CRLF");
  return records;
}

/** Hard cases for a CSV writer and a spreadsheet, cycled through the rows. */
const names = [
  'Ana "The Needle" Ruiz',
  "Smith, Jordan",
  '=HYPERLINK("http://evil.test","click")',
  "+1 (301) 555-0100",
  "-2+3",
  "@SUM(A1:A9)",
  "\tTabbed",
  "José Núñez-Ibáñez",
  "李小龍",
  "مريم",
  "Zoë 👩‍🎨",
  "Plain Name",
];
const ideas = [
  "Line one\r\nline two",
  "Only LF\nhere",
  'A "quoted", comma, idea',
  "simple idea",
  "  padded  ",
];
const rowCount = 10_500;

let cookie: string;
beforeAll(async () => {
  quietLogs();
  cookie = (await signedInAdmin()).cookie;
  await env.DB.prepare("DELETE FROM consultation_requests").run();
  const base = Date.parse("2026-01-01T00:00:00.000Z");
  await insertRequestRows(
    Array.from({ length: rowCount }, (_, i) => [
      `row-${String(i).padStart(5, "0")}`,
      `${names[i % names.length]} ${i}`,
      `client${i}@example.test`,
      "301-555-0100",
      ideas[i % ideas.length] as string,
      i % 2 ? "pending" : "contacted",
      new Date(base + i * 1000).toISOString(),
    ]),
  );
}, 120_000);

/** A cell as a spreadsheet must see it: text that would start a formula gets a leading apostrophe. */
const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

describe("CSV export of a large inbox", () => {
  it("streams every row intact as RFC 4180 with a BOM and CRLF, safe against formulas", async () => {
    const response = await send("GET", "/api/admin/consultations/export.csv", cookie);
    expect(response.status).toBe(200);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    // Sent in pieces as pages are read, not built whole and sent at once.
    expect(chunks.length).toBeGreaterThan(5);
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(bytes).slice(1);
    const [header, ...records] = parseCsv(text);
    expect(header?.slice(0, 8)).toEqual([
      "id",
      "created_at",
      "updated_at",
      "status",
      "name",
      "email",
      "phone",
      "tattoo_idea",
    ]);
    expect(records).toHaveLength(rowCount);
    // Newest first, every row once, every field as stored (made formula-safe).
    records.forEach((record, n) => {
      const i = rowCount - 1 - n;
      expect(record).toHaveLength(header?.length ?? 0);
      expect(record[0]).toBe(`row-${String(i).padStart(5, "0")}`);
      expect(record[4]).toBe(safe(`${names[i % names.length]} ${i}`));
      expect(record[7]).toBe(safe(ideas[i % ideas.length] as string));
    });
    expect(records.filter((r) => r[4]?.startsWith("'=HYPERLINK")).length).toBeGreaterThan(800);
  }, 120_000);

  it("exports what a search matches, with the same safety", async () => {
    const response = await send("GET", "/api/admin/consultations/export.csv?q=n%C3%BA%C3%B1ez", cookie);
    const [, ...records] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(records).toHaveLength(Math.ceil(rowCount / names.length));
    expect(records.every((r) => r[4]?.startsWith("José Núñez-Ibáñez"))).toBe(true);
  });
});

describe("the CSV stream", () => {
  it("reads a page only when the reader has taken the one before", async () => {
    let pagesRead = 0;
    const stream = csvStream(["id"], async (cursor: number | undefined) => {
      pagesRead++;
      const at = cursor ?? 0;
      return { rows: [{ id: `r${at}` }], next: at < 99 ? at + 1 : null };
    });
    const reader = stream.getReader();
    await reader.read(); // the header
    expect(pagesRead).toBeLessThanOrEqual(1);
    await reader.read();
    await reader.read();
    expect(pagesRead).toBeLessThanOrEqual(3);
    await reader.cancel();
  });
});
