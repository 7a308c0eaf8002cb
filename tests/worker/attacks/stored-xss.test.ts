import { beforeEach, describe, expect, it } from "vitest";
import { quietLogs, send, signedInAdmin } from "../admin-support";
import { addConsultation, addContact } from "../inbox-support";
import { post, validContact } from "../submission-support";

// Stored cross-site scripting: whatever a visitor managed to store comes back to the artist as
// data, never as markup. The admin API answers JSON (never text/html, and the browser may not
// sniff it into HTML), with each string exactly as stored: nothing decoded, nothing stripped that
// the admin would then render. The CSV export neutralises every character a spreadsheet reads as
// the start of a formula.

beforeEach(() => {
  quietLogs();
});

/** Payloads that run script wherever they are put into a page as HTML or a template. */
const scriptPayloads = [
  "<script>alert(document.cookie)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "</textarea><iframe src=javascript:alert(1)>",
  "{{constructor.constructor('alert(1)')()}}",
];
/** Tag-shaped or escaped text the form lets through because tattoo ideas are full of it. */
const allowedLookalikes = [
  "Rose <3 with a banner that reads <Mom>",
  "&lt;script&gt;alert(1)&lt;/script&gt; as lettering, please",
  'Quote: "It\'s 5\'2\\" & <b>bold</b>"',
];

describe("stored XSS comes back as text", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = (await signedInAdmin()).cookie;
  });

  it("answers hostile names and messages as JSON strings, byte for byte, never as HTML", async () => {
    const stored = [...scriptPayloads, ...allowedLookalikes];
    const rows = await Promise.all(stored.map((text) => addContact({ name: text, message: text })));
    const response = await send("GET", "/api/admin/contacts?limit=100", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const { items } = (await response.json()) as { items: { id: string; name: string; message: string }[] };
    for (const row of rows) {
      const item = items.find((i) => i.id === row.id);
      expect(item?.name).toBe(row.name);
      expect(item?.message).toBe(row.message);
    }
  });

  it("refuses script through the public form and stores tag-shaped ideas verbatim", async () => {
    for (const text of scriptPayloads) {
      const refused = await post("/api/contact", { ...validContact(), message: `My idea: ${text}` });
      expect(refused.status, text).toBe(400);
    }
    for (const text of allowedLookalikes) {
      const accepted = await post("/api/contact", { ...validContact(), message: text });
      expect(accepted.status, text).toBe(201);
      const { id } = (await accepted.json()) as { id: string };
      const list = (await (await send("GET", "/api/admin/contacts?limit=100", cookie)).json()) as {
        items: { id: string; message: string }[];
      };
      expect(list.items.find((i) => i.id === id)?.message).toBe(text);
    }
  });

  it("neutralises every formula trigger in the CSV export, in any column", async () => {
    const triggers = ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1+1", "\r=1+1", '=HYPERLINK("http://evil")'];
    for (const text of triggers) {
      await addConsultation({ name: text, tattooIdea: text, availability: text, email: "csv@example.test" });
    }
    const response = await send("GET", "/api/admin/consultations/export.csv?q=csv%40example.test", cookie);
    expect(response.status).toBe(200);
    const csv = await response.text();
    for (const text of triggers) {
      const quoted = `"'${text.replace(/"/g, '""')}"`;
      // Name, idea and availability: three cells per row, each with the apostrophe in front.
      expect(csv.split(quoted).length - 1, JSON.stringify(text)).toBe(3);
    }
    // No cell anywhere starts with a bare trigger.
    expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });
});
