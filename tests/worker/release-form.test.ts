import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { releaseFormMessages, releaseFormText, type SignedReleaseForm } from "../../shared/release-form";
import { studio } from "../../shared/studio";
import { open, seal } from "../../worker/features/release-forms/crypto";
import { deleteExpiredReleaseForms, threeYearsAfter } from "../../worker/features/release-forms/service";
import { newToken } from "../../worker/features/request-status/service";
import worker from "../../worker/index";
import { sha256Hex } from "../../worker/platform/crypto";
import { bookings, procedureRecords, quotes, requestStatusLinks } from "../../worker/platform/db/schema";
import { studioDate } from "../../worker/platform/studio-clock";
import { enforceRetention } from "../../worker/retention";
import { adminCall, createAdmin, ORIGIN, quietLogs, signIn } from "./admin-support";
import { offeredSlots, postForm, readyToBook } from "./booking-support";
import { addConsultation } from "./inbox-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, send } from "./submission-support";
import { emptyTables } from "./support";

/** Strings that appear only in the health answers and personal details posted below. */
const markers = {
  legalName: "Quillfeather Zephyrine",
  emergencyName: "Obadiah Marchbanks",
  allergy: "MARKER-allergy-cinnabar-pigment",
  medicine: "MARKER-medicine-warfarin-daily",
};

/** An adult's date of birth (30 years ago) as the date input sends it. */
const adultBirthDate = () => `${new Date().getUTCFullYear() - 30}-04-12`;

/** A complete, valid form as the page's plain form posts it. */
function validForm(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    legalName: markers.legalName,
    dateOfBirth: adultBirthDate(),
    emergencyName: markers.emergencyName,
    emergencyPhone: "(240) 555-0188",
    signature: markers.legalName,
  };
  for (const question of releaseFormText.questions) fields[question.id] = "no";
  fields.allergies = "yes";
  fields.allergiesDetails = markers.allergy;
  fields.bloodThinners = "yes";
  fields.bloodThinnersDetails = markers.medicine;
  for (const a of releaseFormText.acknowledgements) fields[`ack-${a.id}`] = "on";
  Object.assign(fields, overrides);
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/** A consultation request with a live status link and, unless told otherwise, a booked session. */
async function bookedRequest({ booked = true, startsAt = "2026-12-15T15:00:00.000Z" } = {}) {
  const request = await addConsultation({ placement: "left forearm" });
  const token = newToken();
  const db = drizzle(env.DB);
  await db.insert(requestStatusLinks).values({
    id: crypto.randomUUID(),
    submissionId: request.id,
    tokenHash: await sha256Hex(token),
    createdAt: new Date().toISOString(),
  });
  let bookingId: string | null = null;
  if (booked) {
    bookingId = crypto.randomUUID();
    await db.insert(bookings).values({
      id: bookingId,
      submissionId: request.id,
      quoteId: crypto.randomUUID(),
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3 * 3600_000).toISOString(),
    });
  }
  return { request, token, bookingId };
}

const openPage = (token: string, query = "") =>
  send(
    `/requests/${token}${query}`,
    { headers: { "CF-Connecting-IP": freshIp() } },
    { ASSETS: prerenderedAssets },
  );

function sign(
  token: string,
  fields: Record<string, string>,
  options: { origin?: string; overrides?: Partial<Env> } = {},
) {
  return send(
    `/requests/${token}/release-form`,
    {
      method: "POST",
      headers: {
        Origin: options.origin ?? ORIGIN,
        "CF-Connecting-IP": freshIp(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets, ...options.overrides },
  );
}

/** The export's lines as a spreadsheet reads them: without the byte-order mark, split at CRLF. */
const csvLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

const formRow = (submissionId: string) =>
  env.DB.prepare("SELECT * FROM release_forms WHERE submission_id = ?").bind(submissionId).first<{
    id: string;
    ciphertext: string;
    iv: string;
    key_version: string;
    signed_at: string;
    delete_after: string;
  }>();

const auditRows = (action: string) =>
  env.DB.prepare("SELECT * FROM audit_log WHERE action = ? ORDER BY id")
    .bind(action)
    .all<{ admin_email: string; entity_id: string; to_value: string; created_at: string }>()
    .then((r) => r.results);

async function signedIn() {
  const account = await createAdmin();
  return { account, cookie: await signIn(account) };
}

const adminGet = (path: string, cookie?: string) =>
  adminCall(path, { headers: cookie ? { Cookie: cookie } : {} }, { ASSETS: prerenderedAssets });

beforeEach(async () => {
  quietLogs();
  await emptyTables("release_forms", "procedure_records", "audit_log");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the release form on the status page", () => {
  it("is offered only while a session is booked, as a form that posts without script", async () => {
    const none = await bookedRequest({ booked: false });
    const without = await (await openPage(none.token)).text();
    expect(without).not.toContain("Your release form");

    const { token } = await bookedRequest();
    const html = await (await openPage(token)).text();
    expect(html).toContain("Your release form");
    expect(html).toContain(`action="/requests/${token}/release-form"`);
    expect(html).toContain('method="post"');
    for (const question of releaseFormText.questions) expect(html).toContain(question.id);
    expect(html).toContain('href="/aftercare"');
    expect(html).toContain("Photo ID is checked at the studio");
    expect(html).toContain("Infection");
    expect(html).toContain('type="date"');
    const section = html.slice(
      html.indexOf('id="release-form"'),
      html.indexOf("</section>", html.indexOf('id="release-form"')),
    );
    expect(section).toContain("Sign the release form");
    expect(section).not.toContain("<script");
  });

  it("signs: 303 back to the page, which then says when it was signed and offers no second form", async () => {
    const { request, token } = await bookedRequest();
    const response = await sign(token, validForm());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/requests/${token}?signed=1#release-form`);
    const html = await (await openPage(token, "?signed=1")).text();
    expect(html).toContain("Thank you: your release form is signed.");
    expect(html).toMatch(/Signed on <time datetime="[^"]+">/);
    expect(html).not.toContain(`action="/requests/${token}/release-form"`);
    // A second post (another tab) saves nothing and goes back to the page.
    const again = await sign(token, validForm({ legalName: "Someone Else", signature: "Someone Else" }));
    expect(again.status).toBe(303);
    expect(await count("release_forms")).toBe(1);
    expect(await count("procedure_records")).toBe(1);
    const row = await formRow(request.id);
    expect(row?.delete_after).toBe(threeYearsAfter(row?.signed_at ?? ""));
  });

  it("keeps no health answer nor personal detail in plaintext anywhere in D1", async () => {
    const { token } = await bookedRequest();
    expect((await sign(token, validForm())).status).toBe(303);
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    expect(tables.results.map((t) => t.name)).toContain("release_forms");
    let rowsScanned = 0;
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      for (const row of rows.results) {
        rowsScanned++;
        const text = JSON.stringify(row);
        for (const marker of Object.values(markers))
          expect(text, `${name} holds ${marker}`).not.toContain(marker);
      }
    }
    // The scan read the sealed rows themselves, not an empty database.
    expect(rowsScanned).toBeGreaterThan(3);
  });

  it("refuses anyone under 18 with a clear message, and saves nothing", async () => {
    const { token } = await bookedRequest();
    const now = new Date();
    const seventeen = `${now.getUTCFullYear() - 17}-01-01`;
    const response = await sign(token, validForm({ dateOfBirth: seventeen }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`${releaseFormMessages.underAge}. Nothing was saved.`);
    expect(html).toContain('id="rf-dateOfBirth-error"');
    expect(await count("release_forms")).toBe(0);
    expect(await count("procedure_records")).toBe(0);
  });

  it("starts with the date of birth given with the quote, and the quote forgets it once the form is signed", async () => {
    const { request, token } = await bookedRequest();
    await drizzle(env.DB).insert(quotes).values({
      id: crypto.randomUUID(),
      submissionId: request.id,
      priceMinCents: 40_000,
      priceMaxCents: 40_000,
      sessions: 1,
      sessionMinutes: 180,
      depositCents: 10_000,
      status: "accepted",
      acceptedAt: new Date().toISOString(),
      clientBornOn: "1991-06-03",
    });
    const html = await (await openPage(token)).text();
    expect(html).toMatch(/name="dateOfBirth"[^>]*value="1991-06-03"/);
    expect(html).toContain("As you gave it when you accepted the quote.");
    expect((await sign(token, validForm({ dateOfBirth: "1991-06-03" }))).status).toBe(303);
    const row = await env.DB.prepare("SELECT client_born_on FROM quotes WHERE submission_id = ?")
      .bind(request.id)
      .first<{ client_born_on: string | null }>();
    expect(row).toEqual({ client_born_on: null });
  });

  it("accepts someone who turns 18 today", async () => {
    const { token } = await bookedRequest();
    const today = studioDate(new Date());
    const eighteen = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    expect((await sign(token, validForm({ dateOfBirth: eighteen }))).status).toBe(303);
    expect(await count("release_forms")).toBe(1);
  });

  it.each([
    ["emergencyPhone", { emergencyPhone: null }, "Phone number is required"],
    ["allergiesDetails", { allergiesDetails: "" }, releaseFormMessages.detailsRequired],
    ["heart", { heart: null }, releaseFormMessages.answerRequired],
    ["ack-risks", { "ack-risks": null }, releaseFormMessages.acknowledgementRequired],
    ["signature", { signature: "Not Quite" }, releaseFormMessages.signatureMismatch],
    ["dateOfBirth", { dateOfBirth: "2001-02-30" }, releaseFormMessages.dateInvalid],
  ])("answers 400 naming %s, keeps what was typed, saves nothing", async (field, change, message) => {
    const { token } = await bookedRequest();
    const response = await sign(token, validForm(change));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`id="rf-${field}-error"`);
    expect(html).toContain(`href="#rf-${field}"`);
    expect(html).toContain(message.replace(/'/g, "&#39;"));
    // What the client typed is given back, so nothing has to be typed twice.
    expect(html).toContain(`value="${markers.emergencyName}"`);
    expect(await count("release_forms")).toBe(0);
    expect(await count("procedure_records")).toBe(0);
  });

  it("answers a wrong or revoked link with the page's 404, and saves nothing", async () => {
    const { request, token } = await bookedRequest();
    expect((await sign(newToken(), validForm())).status).toBe(404);
    await env.DB.prepare("UPDATE request_status_links SET revoked_at = ? WHERE submission_id = ?")
      .bind(new Date().toISOString(), request.id)
      .run();
    expect((await sign(token, validForm())).status).toBe(404);
    expect(await count("release_forms")).toBe(0);
  });

  it("refuses a body that is not a form (415) or far larger than one (413), saving nothing", async () => {
    const { token } = await bookedRequest();
    const post = (body: string, type: string) =>
      send(
        `/requests/${token}/release-form`,
        {
          method: "POST",
          headers: { Origin: ORIGIN, "CF-Connecting-IP": freshIp(), "Content-Type": type },
          body,
          redirect: "manual",
        },
        { ASSETS: prerenderedAssets },
      );
    expect((await post(JSON.stringify(validForm()), "application/json")).status).toBe(415);
    const huge = new URLSearchParams({ ...validForm(), allergiesDetails: "x".repeat(40 * 1024) }).toString();
    expect((await post(huge, "application/x-www-form-urlencoded")).status).toBe(413);
    expect(await count("release_forms")).toBe(0);
  });

  it("refuses a post from another site", async () => {
    const { token } = await bookedRequest();
    const response = await sign(token, validForm(), { origin: "https://evil.test" });
    expect(response.status).toBe(403);
    expect(await count("release_forms")).toBe(0);
  });

  it("without its key, says the form is signed at the studio and refuses a post with 503", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { token } = await bookedRequest();
    const html = await (
      await send(
        `/requests/${token}`,
        { headers: { "CF-Connecting-IP": freshIp() } },
        { ASSETS: prerenderedAssets, RELEASE_FORM_KEY: "" },
      )
    ).text();
    expect(html).toContain("You will sign the studio&#39;s consent and release form at the studio");
    const response = await sign(token, validForm(), { overrides: { RELEASE_FORM_KEY: "" } });
    expect(response.status).toBe(503);
    expect(await count("release_forms")).toBe(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("release form key missing"));
  });
});

describe("the signed form in the admin", () => {
  it("round trip: the card says when it was signed, and the view decrypts exactly the signed text", async () => {
    const { request, token } = await bookedRequest();
    const before = new Date().toISOString();
    expect((await sign(token, validForm())).status).toBe(303);
    const { account, cookie } = await signedIn();

    const card = await adminGet(`/api/admin/consultations/${request.id}/release-form`, cookie);
    expect(card.status).toBe(200);
    const { releaseForm } = (await card.json()) as { releaseForm: { id: string; signedAt: string } };
    expect(releaseForm.signedAt >= before).toBe(true);

    // What is sealed is the form's whole text as shown and the answers, as posted.
    const row = await formRow(request.id);
    if (!row) throw new Error("no form saved");
    const sealed = await open<SignedReleaseForm>(env, row.id, {
      ciphertext: row.ciphertext,
      iv: row.iv,
      keyVersion: row.key_version,
    });
    expect(sealed.text).toEqual(releaseFormText);
    expect(sealed.signedAt).toBe(row.signed_at);
    expect(sealed.answers.health.allergies).toEqual({ answer: "yes", details: markers.allergy });
    expect(sealed.answers.health.heart).toEqual({ answer: "no", details: null });
    expect(sealed.answers).toMatchObject({
      legalName: markers.legalName,
      emergencyName: markers.emergencyName,
      emergencyPhone: "2405550188",
      signature: markers.legalName,
    });

    const view = await adminGet(`/api/admin/release-forms/${releaseForm.id}`, cookie);
    expect(view.status).toBe(200);
    expect(view.headers.get("Content-Type")).toContain("text/html");
    expect(view.headers.get("Cache-Control")).toBe("no-store");
    const html = await view.text();
    expect(html).toContain(markers.legalName);
    expect(html).toContain(markers.allergy);
    expect(html).toContain(markers.medicine);
    expect(html).toContain('href="/release-form-document.css"');
    for (const question of releaseFormText.questions)
      expect(html).toContain(question.text.replace(/'/g, "&#39;"));
    for (const risk of releaseFormText.risks) expect(html).toContain(risk.replace(/'/g, "&#39;"));

    const audits = await auditRows("release_form_view");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      admin_email: account.email,
      entity_id: request.id,
      to_value: releaseForm.id,
    });
  });

  it("shows the text as it was signed, even after the form's wording changes", async () => {
    const { request } = await bookedRequest();
    const formId = crypto.randomUUID();
    const older: SignedReleaseForm = {
      text: { ...releaseFormText, version: "2025-01", risks: ["An older risk, worded as it was then."] },
      answers: {
        legalName: markers.legalName,
        dateOfBirth: "1990-04-12",
        emergencyName: markers.emergencyName,
        emergencyPhone: "2405550188",
        health: {},
        acknowledged: [],
        signature: markers.legalName,
      },
      signedAt: "2025-06-01T14:00:00.000Z",
    };
    const sealed = await seal(env, formId, older);
    await env.DB.prepare(
      "INSERT INTO release_forms (id, submission_id, booking_id, ciphertext, iv, key_version, signed_at, delete_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(
        formId,
        request.id,
        "b-old",
        sealed.ciphertext,
        sealed.iv,
        sealed.keyVersion,
        older.signedAt,
        "2028-06-01T14:00:00.000Z",
      )
      .run();
    const { cookie } = await signedIn();
    const html = await (await adminGet(`/api/admin/release-forms/${formId}`, cookie)).text();
    expect(html).toContain("An older risk, worded as it was then.");
    expect(html).not.toContain(releaseFormText.risks[0] ?? "-");
    expect(html).toContain("Form version 2025-01");
  });

  it("answers 401 without a session, and nothing is opened or recorded", async () => {
    const { request, token } = await bookedRequest();
    await sign(token, validForm());
    const row = await formRow(request.id);
    for (const path of [
      `/api/admin/release-forms/${row?.id}`,
      "/api/admin/release-forms/export.csv",
      `/api/admin/consultations/${request.id}/release-form`,
    ]) {
      const response = await adminGet(path);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain(markers.legalName);
    }
    expect(await auditRows("release_form_view")).toHaveLength(0);
    expect(await auditRows("release_form_export")).toHaveLength(0);
  });

  it("answers 404 for a form or a request that does not exist, and null for a request with no form", async () => {
    const { cookie } = await signedIn();
    const missing = await adminGet(`/api/admin/release-forms/${crypto.randomUUID()}`, cookie);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(
      (await adminGet(`/api/admin/consultations/${crypto.randomUUID()}/release-form`, cookie)).status,
    ).toBe(404);
    const { request } = await bookedRequest();
    const none = await adminGet(`/api/admin/consultations/${request.id}/release-form`, cookie);
    expect(await none.json()).toEqual({ releaseForm: null });
  });

  it("refuses a tampered ciphertext, or one moved to another row, and shows none of it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = await bookedRequest();
    const second = await bookedRequest();
    await sign(first.token, validForm());
    await sign(second.token, validForm());
    const a = await formRow(first.request.id);
    const b = await formRow(second.request.id);
    if (!a || !b) throw new Error("forms not saved");
    const { cookie } = await signedIn();

    // One bit flipped in the middle of the ciphertext.
    const bytes = Uint8Array.from(atob(a.ciphertext), (c) => c.charCodeAt(0));
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    await env.DB.prepare("UPDATE release_forms SET ciphertext = ? WHERE id = ?")
      .bind(btoa(String.fromCharCode(...bytes)), a.id)
      .run();
    const tampered = await adminGet(`/api/admin/release-forms/${a.id}`, cookie);
    expect(tampered.status).toBe(500);
    const body = await tampered.text();
    expect(JSON.parse(body).error.code).toBe("release_form_unreadable");
    expect(body).not.toContain(markers.allergy);

    // B's intact ciphertext copied into A's row: it authenticates only as B's.
    await env.DB.prepare("UPDATE release_forms SET ciphertext = ?, iv = ? WHERE id = ?")
      .bind(b.ciphertext, b.iv, a.id)
      .run();
    expect((await adminGet(`/api/admin/release-forms/${a.id}`, cookie)).status).toBe(500);
    expect((await adminGet(`/api/admin/release-forms/${b.id}`, cookie)).status).toBe(200);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("release form unreadable"));
    // The attempts are recorded too.
    expect(await auditRows("release_form_view")).toHaveLength(3);
  });

  it("opens a form sealed with a key since rotated, by the key's version", async () => {
    const { request, token } = await bookedRequest();
    await sign(token, validForm());
    const { cookie } = await signedIn();
    const row = await formRow(request.id);
    const rotated = {
      RELEASE_FORM_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      RELEASE_FORM_PREVIOUS_KEYS: env.RELEASE_FORM_KEY,
    };
    const response = await adminCall(
      `/api/admin/release-forms/${row?.id}`,
      { headers: { Cookie: cookie } },
      rotated,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(markers.allergy);
  });
});

describe("the health inspector's export", () => {
  it("lists name, date, procedure and technician of the last three years as CSV, and is audited", async () => {
    const first = await bookedRequest({ startsAt: "2026-12-15T15:00:00.000Z" });
    const second = await bookedRequest({ startsAt: "2026-12-02T19:00:00.000Z" });
    await sign(first.token, validForm());
    await sign(second.token, validForm({ legalName: "Ana María Ruiz", signature: "Ana María Ruiz" }));
    // A record more than three years old (its deletion is still due) is not part of the export.
    const oldId = crypto.randomUUID();
    const sealed = await seal(env, oldId, {
      name: "Old Client",
      procedure: "Tattoo",
      technician: studio.artist.name,
    });
    await drizzle(env.DB)
      .insert(procedureRecords)
      .values({
        id: oldId,
        releaseFormId: "gone",
        procedureDate: "2020-01-10",
        ...sealed,
        createdAt: "2020-01-01T00:00:00.000Z",
        deleteAfter: "2099-01-01T00:00:00.000Z",
      });
    const { account, cookie } = await signedIn();
    const response = await adminGet("/api/admin/release-forms/export.csv", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="procedure-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csvLines(await response.text())).toEqual([
      "client_name,date,procedure,technician",
      `"Ana María Ruiz","2026-12-02","Tattoo (left forearm)","${studio.artist.name}"`,
      `"${markers.legalName}","2026-12-15","Tattoo (left forearm)","${studio.artist.name}"`,
    ]);
    const audits = await auditRows("release_form_export");
    expect(audits).toHaveLength(1);
    expect(audits[0]?.admin_email).toBe(account.email);
  });
});

describe("a session moved or booked again after signing", () => {
  it("a move keeps the signed form, its record re-dated; a changed form text is asked again, saying why", async () => {
    const { id, token } = await readyToBook();
    const times = [
      ...new Map((await offeredSlots()).map((slot) => [slot.startsAt.slice(0, 10), slot])).values(),
    ];
    const [first, second, third] = times;
    expect((await postForm(`/requests/${token}/booking`, { startsAt: first?.startsAt ?? "" })).status).toBe(
      303,
    );
    expect((await sign(token, validForm())).status).toBe(303);

    expect((await postForm(`/requests/${token}/booking`, { startsAt: second?.startsAt ?? "" })).status).toBe(
      303,
    );
    const moved = await (await openPage(token)).text();
    expect(moved).not.toContain(`action="/requests/${token}/release-form"`);
    expect(moved).toContain("Signed on");
    const record = await env.DB.prepare(
      `SELECT r.procedure_date AS date, b.starts_at AS startsAt FROM procedure_records r
       JOIN release_forms f ON f.id = r.release_form_id JOIN bookings b ON b.id = f.booking_id WHERE f.submission_id = ?`,
    )
      .bind(id)
      .first<{ date: string; startsAt: string }>();
    expect(record).toEqual({
      date: studioDate(new Date(second?.startsAt ?? "")),
      startsAt: second?.startsAt,
    });
    expect(await count("release_forms")).toBe(1);

    // The studio's form changed since it was signed: the next move asks again and says why.
    await env.DB.prepare("UPDATE release_forms SET text_version = 'an-older-text' WHERE submission_id = ?")
      .bind(id)
      .run();
    expect((await postForm(`/requests/${token}/booking`, { startsAt: third?.startsAt ?? "" })).status).toBe(
      303,
    );
    const again = await (await openPage(token)).text();
    expect(again).toContain(`action="/requests/${token}/release-form"`);
    expect(again).toContain(
      "The studio has changed the form since then, so please read it again and sign this version.",
    );
  });

  it("booked again after a cancellation: a fresh form for the new time, saying why, and the export lists only the session that happens", async () => {
    const { request, token, bookingId } = await bookedRequest({ startsAt: "2026-12-15T15:00:00.000Z" });
    await sign(token, validForm());
    // Cancelled, then a new session booked.
    await env.DB.prepare("UPDATE bookings SET status = 'cancelled', cancelled_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), bookingId)
      .run();
    await drizzle(env.DB).insert(bookings).values({
      id: crypto.randomUUID(),
      submissionId: request.id,
      quoteId: crypto.randomUUID(),
      startsAt: "2027-01-08T16:00:00.000Z",
      endsAt: "2027-01-08T19:00:00.000Z",
    });
    const html = await (await openPage(token)).text();
    expect(html).toContain(`action="/requests/${token}/release-form"`);
    expect(html).toContain("Friday, January 8");
    expect(html).toMatch(
      /for\s+your session of <time[^>]*>Tuesday, December 15 at 10:00 AM EST<\/time>, which was cancelled/,
    );
    expect((await sign(token, validForm())).status).toBe(303);
    expect(await count("release_forms")).toBe(2);

    const { cookie } = await signedIn();
    const csv = await (await adminGet("/api/admin/release-forms/export.csv", cookie)).text();
    expect(csvLines(csv)).toEqual([
      "client_name,date,procedure,technician",
      `"${markers.legalName}","2027-01-08","Tattoo (left forearm)","${studio.artist.name}"`,
    ]);
    // The cron then drops the cancelled session's record for good; both signed forms stay sealed.
    const removed = await deleteExpiredReleaseForms(env.DB, new Date());
    expect(removed.cancelledSessions).toBe(1);
    expect(await count("procedure_records")).toBe(1);
    expect(await count("release_forms")).toBe(2);
  });
});

describe("retention of the forms and records", () => {
  it("deletes a form and its record three years on, not a moment before, and not with its request", async () => {
    const { request, token } = await bookedRequest({ startsAt: "2026-12-15T15:00:00.000Z" });
    await sign(token, validForm());
    const row = await formRow(request.id);
    if (!row) throw new Error("no form saved");
    expect(row.delete_after).toBe(threeYearsAfter(row.signed_at));

    // The request goes with its own retention; the form and the record stay for their three years.
    await env.DB.prepare("UPDATE consultation_requests SET created_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", request.id)
      .run();
    await enforceRetention(env.DB, new Date());
    expect(
      await env.DB.prepare("SELECT id FROM consultation_requests WHERE id = ?").bind(request.id).first(),
    ).toBeNull();
    expect(await count("release_forms")).toBe(1);
    expect(await count("procedure_records")).toBe(1);

    const formEnds = Date.parse(row.delete_after);
    await deleteExpiredReleaseForms(env.DB, new Date(formEnds - 1));
    expect(await count("release_forms")).toBe(1);
    await deleteExpiredReleaseForms(env.DB, new Date(formEnds + 1));
    expect(await count("release_forms")).toBe(0);
    // The record counts three years from the procedure's day, after the signing.
    const recordEnds = Date.parse(threeYearsAfter("2026-12-15T00:00:00.000Z"));
    expect(await count("procedure_records")).toBe(1);
    await deleteExpiredReleaseForms(env.DB, new Date(recordEnds - 1));
    expect(await count("procedure_records")).toBe(1);
    await deleteExpiredReleaseForms(env.DB, new Date(recordEnds + 1));
    expect(await count("procedure_records")).toBe(0);
  });

  it("is a pass of the cron", async () => {
    const { request, token } = await bookedRequest();
    await sign(token, validForm());
    const row = await formRow(request.id);
    const controller = createScheduledController({
      scheduledTime: Date.parse(row?.delete_after ?? "") + 60_000,
      cron: "*/5 * * * *",
    });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await count("release_forms")).toBe(0);
  });

  it("counts three calendar years, a leap day landing on 1 March", () => {
    expect(threeYearsAfter("2026-11-26T14:05:00.000Z")).toBe("2029-11-26T14:05:00.000Z");
    expect(threeYearsAfter("2028-02-29T10:00:00.000Z")).toBe("2031-03-01T10:00:00.000Z");
  });
});
