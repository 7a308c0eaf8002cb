import { env } from "cloudflare:test";
import { createFakeSms, type FakeSms } from "../../scripts/lib/fake-sms.mjs";
import { defaultTextSettings } from "../../worker/features/texts/settings";
import { ORIGIN } from "./admin-support";
import { routeHostTo } from "./support";

/** Texts configured against the local fake, as an operator's Twilio account would configure them. */
export const smsEnv = {
  SMS_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
  SMS_AUTH_TOKEN: "fake-auth-token-0123456789abcdef",
  SMS_FROM: "+13015550100",
  SMS_API_BASE: "https://fake-twilio.test",
};

/**
 * The local Twilio fake for that account: its phones' texts reach the worker through `deliver`;
 * another `authToken` makes a stranger whose signatures the worker must refuse.
 */
export const fakeTwilio = (
  deliver: (request: Request) => Promise<Response>,
  authToken = smsEnv.SMS_AUTH_TOKEN,
): FakeSms =>
  createFakeSms({
    accountSid: smsEnv.SMS_ACCOUNT_SID,
    authToken,
    from: smsEnv.SMS_FROM,
    webhookUrl: `${ORIGIN}/api/sms/inbound`,
    deliver,
  });

/** Has the worker's real REST client reach `fake` until vi.restoreAllMocks. */
export const routeTextsTo = (fake: FakeSms) =>
  routeHostTo(new URL(smsEnv.SMS_API_BASE).hostname, (request) => fake.handle(request));

/**
 * The studio's text settings saved with no quiet hours (the defaults' reminders and templates
 * otherwise): a test that runs on the wall clock must not find its reminders moved because it
 * ran at night in the studio.
 */
export const noQuietHours = () =>
  env.DB.prepare(
    "INSERT OR REPLACE INTO text_settings (id, reminder_hours, quiet_from, quiet_until, templates, updated_at) VALUES (1, ?, '00:00', '00:00', ?, ?)",
  ).bind(
    JSON.stringify(defaultTextSettings.reminderHours),
    JSON.stringify(defaultTextSettings.templates),
    new Date().toISOString(),
  );
