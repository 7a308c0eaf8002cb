import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeSms, signTwilio } from "../../scripts/lib/fake-sms.mjs";
import { deliverBookingMail } from "../../worker/features/booking/mail";
import { deliverTexts } from "../../worker/features/texts";
import { defaultTextSettings, reminderTime } from "../../worker/features/texts/settings";
import { SmsError, sendSms, smsSettings, twilioSignature } from "../../worker/features/texts/twilio";
import { enforceRetention } from "../../worker/retention";
import { send as adminSend, ORIGIN, signedInAdmin } from "./admin-support";
import {
  addBooking,
  openPage as openStatusPage,
  postForm as postStatusForm,
  readyToBook,
} from "./booking-support";
import { seedContent } from "./content-support";
import { recorder } from "./request-support";
import { fakeTwilio, noQuietHours, routeTextsTo, smsEnv } from "./sms-support";
import { recordingMailer, send } from "./submission-support";
import { emptyTables, hour } from "./support";

const textEnv = { ...env, ...smsEnv } as Env;
const clientPhone = "+13015550123";

let fake: FakeSms;
/** A text from a phone, as Twilio delivers it to the worker's inbound webhook. */
const toWorker = (request: Request) => send("/api/sms/inbound", request, smsEnv);

beforeAll(seedContent);

beforeEach(async () => {
  await emptyTables("bookings", "text_messages", "text_opt_ins", "text_settings");
  fake = fakeTwilio(toWorker);
  routeTextsTo(fake);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

const mailers = () => ({ MAILER: recordingMailer().binding, VISITOR_MAILER: recordingMailer().binding });

/** A form post from the status page (same origin), with texts configured unless told otherwise. */
const postForm = (
  path: string,
  fields: Record<string, string>,
  overrides: Partial<Env> = smsEnv,
  origin = ORIGIN,
) => postStatusForm(path, fields, origin, { ...mailers(), ...overrides });

const openPage = async (token: string, query = "") =>
  (await openStatusPage(`/requests/${token}${query}`, {}, smsEnv)).text();

const outcomeOf = (response: Response) =>
  new URL(response.headers.get("Location") ?? "", ORIGIN).searchParams.get("texts");

/** A client with a session booked `hours` from now (booked a week ago), and their request's link. */
async function bookedClient(hours = 100) {
  const ready = await readyToBook({ name: "Dana Whitfield" });
  const bookingId = await addBooking(ready.id, ready.quoteId, new Date(Date.now() + hours * hour), {
    createdAt: new Date(Date.now() - 7 * 24 * hour).toISOString(),
  });
  return { ...ready, bookingId };
}

/** The code the fake phone received last. */
const lastCode = () => /\b(\d{6})\b/.exec(fake.sent.at(-1)?.body ?? "")?.[1] ?? "";

/** A client whose number is confirmed through their page, as they would do it. */
async function optedIn(hours = 100) {
  const client = await bookedClient(hours);
  expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone: "(301) 555-0123" }))).toBe(
    "code-sent",
  );
  expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: lastCode() }))).toBe(
    "on",
  );
  return client;
}

const optInRow = (id: string) =>
  env.DB.prepare("SELECT * FROM text_opt_ins WHERE submission_id = ?")
    .bind(id)
    .first<Record<string, unknown>>();

const textRows = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT direction, kind, status, body, topic, phone_last4, error FROM text_messages WHERE submission_id = ? ORDER BY created_at, rowid",
    )
      .bind(id)
      .all<Record<string, string | null>>()
  ).results;

describe("the REST client against the local fake of Twilio", () => {
  const settings = () => {
    const value = smsSettings(smsEnv);
    if (!value) throw new Error("settings expected");
    return value;
  };

  it("sends a text with basic auth, form-encoded, and answers the provider's SID", async () => {
    const sid = await sendSms(settings(), clientPhone, "Hello");
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.sent).toEqual([{ sid, to: clientPhone, from: smsEnv.SMS_FROM, body: "Hello" }]);
  });

  it("tells a refusal for good (an unsubscribed or invalid number, a wrong token) from one worth a retry", async () => {
    fake.refuseNumber(clientPhone, "unsubscribed");
    const refused = await sendSms(settings(), clientPhone, "Hi").catch((error) => error);
    expect(refused).toBeInstanceOf(SmsError);
    expect([refused.status, refused.code, refused.permanent]).toEqual([400, 21610, true]);

    const wrongToken = await sendSms(
      { ...settings(), authToken: "not-the-token" },
      "+13015550199",
      "Hi",
    ).catch((error) => error);
    expect([wrongToken.status, wrongToken.permanent]).toEqual([401, true]);

    fake.setDown(true);
    const down = await sendSms(settings(), "+13015550199", "Hi").catch((error) => error);
    expect([down.status, down.permanent]).toEqual([503, false]);
    expect(fake.sent).toEqual([]);
  });

  it("is off unless the account, token and a real sending number are all set", () => {
    expect(smsSettings({ ...smsEnv, SMS_AUTH_TOKEN: "" })).toBeNull();
    expect(smsSettings({ ...smsEnv, SMS_FROM: "301-555-0100" })).toBeNull();
    expect(smsSettings({ ...smsEnv, SMS_API_BASE: "" })?.apiBase.origin).toBe("https://api.twilio.com");
  });

  it("signs webhooks as the fake, written apart from it, signs them", async () => {
    const params = { From: clientPhone, Body: "STOP", MessageSid: `SM${"a".repeat(32)}`, AccountSid: "AC1" };
    expect(await twilioSignature("tok", "https://x.test/api/sms/inbound", Object.entries(params))).toBe(
      await signTwilio("tok", "https://x.test/api/sms/inbound", params),
    );
  });
});

describe("turning text reminders on from the status page", () => {
  it("shows the card under a booked session, texts a code, and turns texts on with it", async () => {
    const client = await bookedClient();
    const before = await openPage(client.token);
    expect(before).toContain("Text reminders");
    expect(before).toContain('autocomplete="tel"');

    const asked = await postForm(`/requests/${client.token}/texts`, { phone: "(301) 555-0123" });
    expect(asked.status).toBe(303);
    expect(outcomeOf(asked)).toBe("code-sent");
    expect(fake.sent.map((text) => text.to)).toEqual([clientPhone]);
    expect(fake.sent[0]?.body).toMatch(/^\d{6} is your Gilded Needle Tattoo code/);
    const row = await optInRow(client.id);
    expect(row).toMatchObject({ status: "pending", phone: clientPhone });
    // Only the code's HMAC is kept, and the log never holds the code.
    expect(String(row?.code_hash)).not.toContain(lastCode());
    expect(await textRows(client.id)).toEqual([
      expect.objectContaining({
        direction: "out",
        kind: "code",
        status: "sent",
        body: null,
        phone_last4: "0123",
      }),
    ]);
    expect(await openPage(client.token, "?texts=code-sent")).toContain(
      "We texted a code to the number ending 0123",
    );

    const wrong = lastCode() === "000000" ? "111111" : "000000";
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: wrong }))).toBe(
      "wrong",
    );
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: lastCode() }))).toBe(
      "on",
    );
    expect(await optInRow(client.id)).toMatchObject({ status: "on", code_hash: null });
    const on = await openPage(client.token, "?texts=on");
    expect(on).toContain("Text reminders are on");
    expect(on).toContain(
      "go by text to the number ending 0123, 2 days before your session and again 2 hours before.",
    );

    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/off`, {}))).toBe("off");
    expect(await optInRow(client.id)).toMatchObject({ status: "off", off_reason: "page" });
  });

  it("refuses what is not a mobile number or not a code, and texts nothing", async () => {
    const client = await bookedClient();
    for (const phone of ["", "12345", "(101) 555-0123", "+0044 20", "call me"])
      expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone }))).toBe("bad-number");
    expect(fake.sent).toEqual([]);
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: "12ab56" }))).toBe(
      "wrong",
    );
    // No code asked for yet: nothing to confirm.
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: "123456" }))).toBe(
      "expired",
    );
    // A number the provider refuses (a landline, say) is said so, and logged as failed.
    fake.refuseNumber("+13015550177", "invalid");
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone: "301 555 0177" }))).toBe(
      "failed",
    );
    expect((await textRows(client.id)).map((row) => row.status)).toEqual(["failed"]);
  });

  it("limits codes to three an hour, a code to five tries, and lets it expire", async () => {
    const client = await bookedClient();
    for (let i = 0; i < 3; i++)
      expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone: clientPhone }))).toBe(
        "code-sent",
      );
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone: clientPhone }))).toBe(
      "limited",
    );
    expect(fake.sent).toHaveLength(3);

    const code = lastCode();
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 4; i++)
      expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: wrong }))).toBe(
        "wrong",
      );
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: wrong }))).toBe(
      "expired",
    );
    // Spent: even the right code no longer works.
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code }))).toBe("expired");

    // A new window, a new code, left past its ten minutes.
    await env.DB.prepare(
      "UPDATE text_opt_ins SET codes_window_start = '2000-01-01T00:00:00.000Z' WHERE submission_id = ?",
    )
      .bind(client.id)
      .run();
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts`, { phone: clientPhone }))).toBe(
      "code-sent",
    );
    await env.DB.prepare("UPDATE text_opt_ins SET code_expires_at = ? WHERE submission_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), client.id)
      .run();
    expect(outcomeOf(await postForm(`/requests/${client.token}/texts/confirm`, { code: lastCode() }))).toBe(
      "expired",
    );
    expect((await optInRow(client.id))?.status).toBe("pending");
  });

  it("is not there without a text provider, without a booked session, for a wrong link, or from another site", async () => {
    const client = await bookedClient();
    const off = { SMS_AUTH_TOKEN: "" };
    expect((await postForm(`/requests/${client.token}/texts`, { phone: clientPhone }, off)).status).toBe(404);
    expect((await postForm(`/requests/${client.token}/texts/confirm`, { code: "123456" }, off)).status).toBe(
      404,
    );
    expect(await (await openStatusPage(client.token)).text()).not.toContain("Text reminders");
    const unbooked = await readyToBook();
    expect(await openPage(unbooked.token)).not.toContain("Text reminders");
    expect(
      (await postForm("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/texts", { phone: clientPhone }))
        .status,
    ).toBe(404);
    expect(
      (await postForm(`/requests/${client.token}/texts`, { phone: clientPhone }, smsEnv, "https://evil.test"))
        .status,
    ).toBe(403);
    expect(fake.sent).toEqual([]);
  });
});

describe("when a reminder goes", () => {
  const quiet = { quietFrom: "21:00", quietUntil: "09:00" };
  // 2026-12-10 is a Thursday; New York is UTC-5 in December.
  const at = (wall: string) => new Date(`2026-12-10T${wall}:00-05:00`);

  it("goes its hours before the session outside the quiet hours", () => {
    expect(reminderTime(at("15:00"), 2, quiet).toISOString()).toBe(at("13:00").toISOString());
    expect(reminderTime(at("15:00"), 48, quiet).toISOString()).toBe(
      new Date(at("15:00").getTime() - 48 * hour).toISOString(),
    );
  });

  it("moves out of the quiet hours: to their end when that is still 30 minutes before the session, else to the evening before", () => {
    // 10:00 session: 08:00 is quiet, 09:00 is an hour before: then.
    expect(reminderTime(at("10:00"), 2, quiet).toISOString()).toBe(at("09:00").toISOString());
    // 09:00 session: 07:00 is quiet and its end is the session itself: 20:30 the evening before.
    expect(reminderTime(at("09:00"), 2, quiet).toISOString()).toBe(
      new Date("2026-12-09T20:30:00-05:00").toISOString(),
    );
    // 48 hours before a 22:30 session... is 22:30, quiet: the next morning at 09:00.
    expect(reminderTime(at("22:30"), 48, quiet).toISOString()).toBe(
      new Date("2026-12-09T09:00:00-05:00").toISOString(),
    );
    // Quiet hours inside one day (13:00-14:00): a 12:00 ideal time is not quiet, 13:30 is.
    expect(reminderTime(at("15:30"), 2, { quietFrom: "13:00", quietUntil: "14:00" }).toISOString()).toBe(
      at("14:00").toISOString(),
    );
  });
});

describe("text reminders from the cron", () => {
  // These run on the wall clock; the quiet hours have their own tests above.
  beforeEach(async () => {
    await noQuietHours().run();
  });

  it("texts each reminder once at its time, and the e-mail reminders are not sent", async () => {
    const client = await optedIn(47);
    fake.sent.length = 0;
    const now = new Date();
    const first = await deliverTexts(textEnv, { now });
    expect(first).toMatchObject({ queued: 1, sent: 1 });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.to).toBe(clientPhone);
    expect(fake.sent[0]?.body).toMatch(
      /^Hi Dana, a reminder from Gilded Needle Tattoo: your tattoo session is \w+day, \w+ \d+ at \d+:\d\d [AP]M\./,
    );
    expect(await deliverTexts(textEnv, { now: new Date(now.getTime() + 10 * 60_000) })).toMatchObject({
      queued: 0,
      sent: 0,
    });
    expect(fake.sent).toHaveLength(1);

    // The e-mail reminder of 48 hours is not sent: the text reminded them.
    const provider = recorder();
    await deliverBookingMail(textEnv, { now, provider });
    expect(provider.sent).toEqual([]);
    const mail = await env.DB.prepare(
      "SELECT status, last_error FROM mail_queue WHERE subject_id = ? AND topic = 'reminder-48'",
    )
      .bind(client.bookingId)
      .first();
    expect(mail).toEqual({ status: "stopped", last_error: "reminded by text" });

    // Half an hour before the session, the 2-hour reminder's time has passed wherever the quiet
    // hours moved it.
    const late = new Date(
      Date.parse(
        (
          await env.DB.prepare("SELECT starts_at FROM bookings WHERE id = ?")
            .bind(client.bookingId)
            .first<{ starts_at: string }>()
        )?.starts_at ?? "",
      ) -
        31 * 60_000,
    );
    expect(await deliverTexts(textEnv, { now: late })).toMatchObject({ queued: 1, sent: 1 });
    expect(
      (await textRows(client.id)).filter((row) => row.kind === "reminder").map((row) => row.topic),
    ).toEqual([`${client.bookingId}:48`, `${client.bookingId}:2`]);
  });

  it("sends nothing by text to a client who never opted in or said STOP: their e-mails go", async () => {
    const never = await bookedClient(47);
    const stopped = await optedIn(47);
    expect((await fake.inbound(clientPhone, "Stop")).status).toBe(200);
    fake.sent.length = 0;
    expect(await deliverTexts(textEnv)).toMatchObject({ queued: 0, sent: 0 });
    expect(fake.sent).toEqual([]);
    const provider = recorder();
    await deliverBookingMail(textEnv, { provider });
    expect(provider.sent.map((mail) => mail.subject)).toEqual([
      "Your tattoo session is in two days",
      "Your tattoo session is in two days",
    ]);
    expect(never.id).not.toBe(stopped.id);
  });

  it("skips a reminder whose time passed before the session was booked, and drops one whose session was cancelled", async () => {
    const client = await optedIn(47);
    await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), client.bookingId)
      .run();
    expect(await deliverTexts(textEnv)).toMatchObject({ queued: 0 });

    await env.DB.prepare("UPDATE bookings SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(client.bookingId)
      .run();
    // Queued, then the session is cancelled before it goes.
    fake.setDown(true);
    expect(await deliverTexts(textEnv)).toMatchObject({ queued: 1, retry: 1 });
    fake.setDown(false);
    await env.DB.prepare("UPDATE bookings SET status = 'cancelled', cancelled_by = 'client' WHERE id = ?")
      .bind(client.bookingId)
      .run();
    expect(await deliverTexts(textEnv, { now: new Date(Date.now() + hour) })).toMatchObject({
      dropped: 1,
      sent: 0,
    });
  });

  it("retries a provider outage, and e-mails instead when the number is refused for good", async () => {
    const client = await optedIn(47);
    fake.sent.length = 0;
    fake.setDown(true);
    const now = new Date();
    expect(await deliverTexts(textEnv, { now })).toMatchObject({ queued: 1, retry: 1 });
    fake.setDown(false);
    fake.refuseNumber(clientPhone, "unsubscribed");
    expect(await deliverTexts(textEnv, { now: new Date(now.getTime() + 6 * 60_000) })).toMatchObject({
      failed: 1,
    });
    expect(await optInRow(client.id)).toMatchObject({ status: "off", off_reason: "undeliverable" });
    const [reminder] = (await textRows(client.id)).filter((row) => row.kind === "reminder");
    expect(reminder).toMatchObject({ status: "failed", error: expect.stringContaining("21610") });

    const provider = recorder();
    await deliverBookingMail(textEnv, { now: new Date(now.getTime() + 7 * 60_000), provider });
    expect(provider.sent.map((mail) => mail.subject).sort()).toEqual([
      "Your tattoo session is coming up",
      "Your tattoo session is in two days",
    ]);
    expect(provider.sent.find((mail) => mail.subject.endsWith("coming up"))?.text).toContain(
      "could not reach your phone by text",
    );
  });
});

describe("POST /api/sms/inbound", () => {
  const inboundRows = async () =>
    (
      await env.DB.prepare(
        "SELECT direction, kind, body, status FROM text_messages ORDER BY created_at, rowid",
      ).all()
    ).results;

  it("honours STOP (confirmed once), START and HELP, and logs each by its keyword", async () => {
    const client = await optedIn();
    fake.sent.length = 0;
    const stop = await fake.inbound(clientPhone, " stop ");
    expect(stop.status).toBe(200);
    expect(stop.body).toContain("<Message>Gilded Needle Tattoo: you will get no more texts from us.");
    expect(await optInRow(client.id)).toMatchObject({ status: "off", off_reason: "stop" });
    // A second STOP gets no second confirmation.
    expect((await fake.inbound(clientPhone, "UNSUBSCRIBE")).body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );

    const start = await fake.inbound(clientPhone, "Start");
    expect(start.body).toContain("reminders by text are back on");
    expect(await optInRow(client.id)).toMatchObject({ status: "on", off_reason: null });

    const help = await fake.inbound(clientPhone, "HELP");
    expect(help.body).toContain("Gilded Needle Tattoo");
    expect(help.body).toMatch(/Call \(\d{3}\) \d{3}-\d{4}/);

    // Anything else is logged as a reply whose words are not kept.
    expect((await fake.inbound(clientPhone, "running 10 min late, sorry")).body).not.toContain("<Message>");
    const log = (await textRows(client.id)).filter((row) => row.kind !== "code");
    expect(log.map((row) => [row.direction, row.kind, row.body])).toEqual([
      ["in", "stop", "STOP"],
      ["out", "stop", expect.stringContaining("no more texts")],
      ["in", "stop", "UNSUBSCRIBE"],
      ["in", "start", "START"],
      ["out", "start", expect.stringContaining("back on")],
      ["in", "help", "HELP"],
      ["out", "help", expect.stringContaining("Reply STOP")],
      ["in", "other", null],
    ]);
    expect(JSON.stringify(await inboundRows())).not.toContain("running 10 min late");
  });

  it("refuses a replayed MessageSid, doing nothing twice", async () => {
    const client = await optedIn();
    const first = await fake.inbound(clientPhone, "STOP");
    expect(first.status).toBe(200);
    await env.DB.prepare("UPDATE text_opt_ins SET status = 'on', off_reason = NULL WHERE submission_id = ?")
      .bind(client.id)
      .run();
    const replay = await fake.inbound(clientPhone, "STOP", { messageSid: first.messageSid });
    expect(replay.status).toBe(409);
    expect((await optInRow(client.id))?.status).toBe("on");
  });

  it("refuses a missing or wrong signature (403), bad input (400), another encoding (415), and is not there unconfigured (404)", async () => {
    const client = await optedIn();
    expect((await fake.inbound(clientPhone, "STOP", { signature: null })).status).toBe(403);
    expect((await fake.inbound(clientPhone, "STOP", { signature: "bm90IHRoZSBzaWduYXR1cmU=" })).status).toBe(
      403,
    );
    // Signed with another account's token.
    const stranger = fakeTwilio(toWorker, "another-accounts-token-000000000");
    expect((await stranger.inbound(clientPhone, "STOP")).status).toBe(403);
    expect((await optInRow(client.id))?.status).toBe("on");

    const signed = async (params: Record<string, string>, overrides: Partial<Env> = smsEnv) =>
      send(
        "/api/sms/inbound",
        {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Twilio-Signature": await signTwilio(
              smsEnv.SMS_AUTH_TOKEN,
              `${ORIGIN}/api/sms/inbound`,
              params,
            ),
          },
          body: new URLSearchParams(params),
        },
        overrides,
      );
    expect((await signed({ From: clientPhone, Body: "STOP" })).status).toBe(400);
    expect(
      (await signed({ From: "not a number", Body: "STOP", MessageSid: `SM${"b".repeat(32)}` })).status,
    ).toBe(400);
    expect(
      (
        await signed(
          { From: clientPhone, Body: "STOP", MessageSid: `SM${"c".repeat(32)}` },
          { SMS_AUTH_TOKEN: "" },
        )
      ).status,
    ).toBe(404);
    const json = await send(
      "/api/sms/inbound",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      smsEnv,
    );
    expect(json.status).toBe(415);
    expect((await optInRow(client.id))?.status).toBe("on");
  });
});

describe("/api/admin/texts", () => {
  let cookie: string;
  beforeEach(async () => {
    ({ cookie } = await signedInAdmin());
  });
  const api = (method: string, path: string, body?: unknown, who = cookie) =>
    adminSend(method, `/api/admin/texts${path}`, who, body, smsEnv);

  it("shows the defaults, saves edited settings and templates, and previews them filled in", async () => {
    const view = await api("GET", "/settings");
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      configured: true,
      saved: false,
      settings: { reminderHours: [48, 2], quietFrom: "21:00" },
    });

    const edited = {
      ...defaultTextSettings,
      reminderHours: [3, 24],
      quietFrom: "22:00",
      quietUntil: "08:30",
      templates: {
        ...defaultTextSettings.templates,
        reminder: "{firstName}: see you {day} at {time}. Reply STOP to stop.",
      },
    };
    const saved = await api("PUT", "/settings", edited);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      saved: true,
      settings: { reminderHours: [24, 3], quietUntil: "08:30" },
    });

    const preview = await api("POST", "/preview", { templates: edited.templates });
    expect(preview.status).toBe(200);
    const { previews } = (await preview.json()) as {
      previews: Record<string, { text: string; length: number }>;
    };
    expect(previews.reminder?.text).toMatch(
      /^Dana: see you \w+day, December \d+ at \d+:\d\d [AP]M\. Reply STOP to stop\.$/,
    );
    expect(previews.code?.text).toContain("482913");
  });

  it("refuses settings that cannot work, naming the field", async () => {
    const bad = async (change: Record<string, unknown>) => {
      const response = await api("PUT", "/settings", { ...defaultTextSettings, ...change });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields;
    };
    const templates = defaultTextSettings.templates;
    expect(await bad({ templates: { ...templates, reminder: "See you soon" } })).toEqual({
      "templates.reminder": "Must contain {time}",
    });
    expect(Object.values(await bad({ templates: { ...templates, code: "{code} {secret}" } }))[0]).toContain(
      "Unknown placeholder {secret}",
    );
    expect(await bad({ quietFrom: "25:00" })).toHaveProperty("quietFrom");
    expect(await bad({ reminderHours: [2, 2] })).toHaveProperty("reminderHours");
    expect(await bad({ reminderHours: [] })).toHaveProperty("reminderHours");
    expect(
      await bad({ templates: { ...templates, help: `${"x".repeat(281)} {studioPhone}` } }),
    ).toHaveProperty("templates.help");
    // Short enough as written, too long filled in (each {studio} is 20 characters).
    expect(await bad({ templates: { ...templates, stop: `${"{studio} ".repeat(31)}` } })).toHaveProperty(
      "templates.stop",
    );
    expect(((await (await api("GET", "/settings")).json()) as { saved: boolean }).saved).toBe(false);
  });

  it("shows a request's texts and opt-in, 404 for an unknown request, 401 signed out", async () => {
    const client = await optedIn();
    await fake.inbound(clientPhone, "HELP");
    const response = await api("GET", `/of/${client.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      optIn: unknown;
      messages: { kind: string; direction: string }[];
    };
    expect(body.optIn).toEqual({ status: "on", last4: "0123", offReason: null });
    expect(body.messages.map((m) => `${m.direction}:${m.kind}`)).toEqual(["out:help", "in:help", "out:code"]);
    expect(JSON.stringify(body)).not.toContain(clientPhone);
    expect((await api("GET", "/log")).status).toBe(200);
    expect((await api("GET", "/of/no-such-request")).status).toBe(404);
    for (const [method, path] of [
      ["GET", "/settings"],
      ["PUT", "/settings"],
      ["POST", "/preview"],
      ["GET", "/log"],
      ["GET", `/of/${client.id}`],
    ] as const)
      expect((await api(method, path, method === "GET" ? undefined : {}, "")).status).toBe(401);
  });
});

describe("texts in retention and health", () => {
  it("deletes the texts' log after 90 days", async () => {
    const client = await optedIn();
    await env.DB.prepare(
      "UPDATE text_messages SET created_at = '2000-01-01T00:00:00.000Z' WHERE submission_id = ?",
    )
      .bind(client.id)
      .run();
    const results = await enforceRetention(env.DB, new Date());
    expect(results.find((result) => result.table === "text_messages")?.removed).toBe(1);
    expect(await textRows(client.id)).toEqual([]);
  });

  it("names sms ok when configured, failing with a number not in E.164", async () => {
    const health = async (overrides: Partial<Env>) =>
      ((await (await send("/api/health", {}, overrides)).json()) as { checks: Record<string, string> }).checks
        .sms;
    expect(await health(smsEnv)).toBe("ok");
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await health({ ...smsEnv, SMS_FROM: "301-555-0100" })).toBe("failing");
  });
});
