import { z } from "../../../shared/schemas/z";
import { sameText, toBase64 } from "../../platform/crypto";

/**
 * Texts through Twilio's Programmable Messaging REST API, or any provider that speaks it: one
 * call to send (`POST /2010-04-01/Accounts/{sid}/Messages.json`, HTTP basic auth with the account
 * SID and auth token, a form-encoded body) and the signature Twilio puts on its inbound webhook.
 * No SDK: the two are a few lines each on fetch and Web Crypto. The API's origin is a setting,
 * so tests and `npm start` point it at the local fake (scripts/lib/fake-sms.mjs).
 */

export interface SmsSettings {
  accountSid: string;
  authToken: string;
  /** The studio's sending number, E.164. */
  from: string;
  apiBase: URL;
}

interface SmsEnv {
  SMS_ACCOUNT_SID?: string | undefined;
  SMS_AUTH_TOKEN?: string | undefined;
  SMS_FROM?: string | undefined;
  SMS_API_BASE?: string | undefined;
}

const e164 = /^\+[1-9]\d{7,14}$/;

/** The text settings, or null when texts are off (any of the three not set, or not usable). */
export function smsSettings(env: SmsEnv): SmsSettings | null {
  const accountSid = env.SMS_ACCOUNT_SID?.trim() ?? "";
  const authToken = env.SMS_AUTH_TOKEN?.trim() ?? "";
  const from = env.SMS_FROM?.trim() ?? "";
  if (!accountSid || !authToken || !e164.test(from)) return null;
  let apiBase: URL;
  try {
    apiBase = new URL(env.SMS_API_BASE?.trim() || "https://api.twilio.com");
  } catch {
    return null;
  }
  return { accountSid, authToken, from, apiBase };
}

/** A send the provider refused (its status and error code), or that could not reach it. */
export class SmsError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, or null when it was not reached. */
    readonly status: number | null,
    /** Twilio's error code (21610: the number said STOP to the carrier; 21211: not a valid number). */
    readonly code: number | null,
  ) {
    super(message);
  }

  /**
   * A refusal that no retry will change: a 4xx other than rate limiting (a bad or unsubscribed
   * number, a landline). 5xx, 429 and network failures are worth another try.
   */
  get permanent(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

const sent = z.object({ sid: z.string().min(1).max(64), status: z.string().max(40).optional() });
const refused = z.object({ code: z.number().optional(), message: z.string().max(500).optional() });

/** Sends one text; answers the provider's message SID, or throws an SmsError. */
export async function sendSms(settings: SmsSettings, to: string, body: string): Promise<string> {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.apiBase,
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new SmsError(`provider not reached: ${error instanceof Error ? error.message : error}`, null, null);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    const why = refused.safeParse(answer);
    const code = why.success ? (why.data.code ?? null) : null;
    const message = why.success && why.data.message ? why.data.message : `HTTP ${response.status}`;
    throw new SmsError(`${message}${code ? ` (${code})` : ""}`, response.status, code);
  }
  const parsed = sent.safeParse(answer);
  if (!parsed.success) throw new SmsError("the provider's answer had no message SID", response.status, null);
  return parsed.data.sid;
}

/**
 * Twilio's webhook signature: HMAC-SHA1 under the auth token of the full URL it called, then
 * each POST parameter's name and value, sorted by name; base64.
 */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): Promise<string> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join("");
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(authToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data))));
}

/** Whether an inbound webhook's X-Twilio-Signature is the one its URL and parameters give. */
export async function signedByProvider(
  settings: SmsSettings,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!signature) return false;
  return sameText(await twilioSignature(settings.authToken, url, params), signature);
}

/** A number as the log keeps it: its last four digits. */
export const last4 = (phone: string) => phone.replace(/\D/g, "").slice(-4);
