// A local fake of Twilio's Programmable Messaging API, the two halves the worker speaks to: the
// REST call that sends a text (POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth with
// the account SID and auth token, a form-encoded To/From/Body) answered as Twilio answers,
// refusals included (21211 not a valid number, 21610 the number replied STOP to the carrier,
// 21408/5xx while "down"); and the phone's side: a text from a number arrives at the worker's
// inbound webhook form-encoded and signed with X-Twilio-Signature as Twilio signs it (HMAC-SHA1
// of the URL and the sorted parameters under the auth token). Web APIs only, so the worker tests
// use it inside workerd (through a fetch stand-in) and `npm start` serves it from Node.

import { hmac } from "./hmac.mjs";

/** Twilio's webhook signature, written here on its own from Twilio's description. @param {string} token @param {string} url @param {Record<string, string>} params */
export async function signTwilio(token, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  const mac = await hmac("SHA-1", token, data);
  return btoa(String.fromCharCode(...mac));
}

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const sid = (prefix) => prefix + hex(crypto.getRandomValues(new Uint8Array(16)));

/**
 * @typedef {{ sid: string, to: string, from: string, body: string }} SentText
 * @param {{ accountSid: string, authToken: string, from: string, webhookUrl: string, deliver?: (request: Request) => Promise<Response> }} options
 */
export function createFakeSms({ accountSid, authToken, from, webhookUrl, deliver }) {
  /** @type {SentText[]} */
  const sent = [];
  /** @type {{ status: number, code: number | null, reason: string }[]} */
  const refused = [];
  /** Numbers the fake refuses, and how. @type {Map<string, { status: number, code: number, message: string }>} */
  const refusing = new Map();
  let down = false;

  const refuse = (status, code, message) => {
    refused.push({ status, code, reason: message });
    return Response.json({ code, message, status }, { status });
  };

  return {
    sent,
    refused,
    /** From now on, texts to `number` are refused: "unsubscribed" (21610) or "invalid" (21211). */
    refuseNumber(number, how) {
      refusing.set(
        number,
        how === "unsubscribed"
          ? { status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" }
          : { status: 400, code: 21211, message: `The 'To' number ${number} is not a valid phone number.` },
      );
    },
    /** While down, every send answers 503 (worth a retry). */
    setDown(value) {
      down = value;
    },
    /** @param {Request} request */
    async handle(request) {
      const url = new URL(request.url);
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (request.method !== "POST" || !/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(url.pathname))
        return refuse(404, 20404, "The requested resource was not found");
      const auth = request.headers.get("Authorization") ?? "";
      if (url.pathname !== path || auth !== `Basic ${btoa(`${accountSid}:${authToken}`)}`)
        return refuse(401, 20003, "Authenticate");
      if (!(request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded"))
        return refuse(400, 20001, "Not form-encoded");
      const form = new URLSearchParams(await request.text());
      const [to, sender, body] = [form.get("To") ?? "", form.get("From") ?? "", form.get("Body") ?? ""];
      if (down) return refuse(503, 20500, "Service unavailable");
      if (sender !== from)
        return refuse(400, 21606, "The 'From' phone number is not a valid message-capable number");
      if (!body) return refuse(400, 21602, "Message body is required");
      if (body.length > 1600)
        return refuse(400, 21617, "The concatenated message body exceeds 1600 characters");
      if (!/^\+[1-9]\d{7,14}$/.test(to))
        return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const refusal = refusing.get(to);
      if (refusal) return refuse(refusal.status, refusal.code, refusal.message);
      const text = { sid: sid("SM"), to, from: sender, body };
      sent.push(text);
      return Response.json(
        {
          sid: text.sid,
          account_sid: accountSid,
          to,
          from: sender,
          body,
          status: "queued",
          num_segments: "1",
        },
        { status: 201 },
      );
    },
    /**
     * A text from `number` to the studio, as Twilio posts it to the webhook: signed (unless
     * `signature` overrides it), with a fresh MessageSid unless one is given (a replay).
     * @param {string} number @param {string} body @param {{ messageSid?: string, signature?: string | null }} [options]
     */
    async inbound(number, body, options = {}) {
      const params = {
        ToCountry: "US",
        SmsMessageSid: options.messageSid ?? sid("SM"),
        NumMedia: "0",
        From: number,
        To: from,
        Body: body,
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
      };
      params.MessageSid = params.SmsMessageSid;
      const signature =
        options.signature === undefined ? await signTwilio(authToken, webhookUrl, params) : options.signature;
      const headers = { "Content-Type": "application/x-www-form-urlencoded" };
      if (signature !== null) headers["X-Twilio-Signature"] = signature;
      const request = new Request(webhookUrl, { method: "POST", headers, body: new URLSearchParams(params) });
      const response = await (deliver ?? fetch)(request);
      return { messageSid: params.MessageSid, status: response.status, body: await response.text() };
    },
  };
}
