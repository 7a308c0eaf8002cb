import { Hono } from "hono";
import { ApiError } from "../../platform/api-error";
import { limitBody } from "../../platform/middleware/body-limit";
import type { AppEnv } from "../../types";
import { receiveText } from "./service";
import { signedByProvider, smsSettings } from "./twilio";

/** What the provider's inbound webhook must carry: its message SID and the sender's number. */
const messageSid = /^[A-Z]{2}[0-9a-fA-F]{32}$/;
const sender = /^\+[1-9]\d{7,14}$/;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch,
  );

/**
 * POST /api/sms/inbound: the provider's webhook for texts to the studio's number (Twilio's
 * shape: form-encoded, signed in X-Twilio-Signature). Unsigned or wrongly signed: 403, nothing
 * read. A MessageSid seen before: 409, nothing done again. Otherwise the keyword is applied
 * (STOP, START, HELP) and the reply, if any, is the answer's TwiML, which the provider sends.
 */
export const smsInbound = new Hono<AppEnv>().post("/inbound", limitBody(16 * 1024), async (c) => {
  const sms = smsSettings(c.env);
  if (!sms) throw new ApiError(404, "No API endpoint at POST /api/sms/inbound.");
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded"))
    throw new ApiError(415, "The webhook is form-encoded.");
  const params = [...new URLSearchParams(await c.req.text())];
  if (!(await signedByProvider(sms, c.req.url, params, c.req.header("X-Twilio-Signature"))))
    throw new ApiError(403, "The webhook signature does not match.");
  const field = (name: string) => params.find(([key]) => key === name)?.[1] ?? "";
  const [sid, from, body] = [field("MessageSid"), field("From"), field("Body")];
  if (!messageSid.test(sid) || !sender.test(from) || body.length > 1600)
    throw new ApiError(400, "The webhook is missing MessageSid or From.");
  const outcome = await receiveText(c.env, { messageSid: sid, from, body, now: new Date() });
  if (outcome.replay) throw new ApiError(409, "This message was received before.", { code: "replay" });
  const reply = outcome.reply ? `<Message>${escapeXml(outcome.reply)}</Message>` : "";
  return c.body(`<?xml version="1.0" encoding="UTF-8"?><Response>${reply}</Response>`, 200, {
    "Content-Type": "text/xml; charset=utf-8",
  });
});
