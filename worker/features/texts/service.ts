import type { TextSettingsInput, TextTemplateName } from "../../../shared/schemas/texts";
import { studio } from "../../../shared/studio";
import { hmacSha256Hex, sameText } from "../../platform/crypto";
import { log } from "../../platform/log";
import { queueMail, retryDelayMs } from "../../platform/mail-queue";
import { firstNameOf } from "../../platform/push";
import { dayIn, timeOfDayIn } from "../../platform/studio-clock";
import {
  claimDueTexts,
  insertText,
  optInOf,
  putOptIn,
  reminderStillWanted,
  requestExists,
  requestsOfNumber,
  restartNumber,
  saveTextSettings,
  sessionsToRemind,
  settleText,
  stopNumber,
  textLog,
  updateOptIn,
} from "./queries";
import { quietAt, reminderTime, renderText, textSettingsOf } from "./settings";
import type { TextMessage } from "./tables";
import { last4, SmsError, type SmsSettings, sendSms, smsSettings } from "./twilio";

/**
 * Text reminders (docs/decisions/036-text-reminders.md): the client's opt-in with a confirmed
 * number, the reminders the cron queues and sends, the keywords of the inbound webhook, and the
 * log the artist reads. E-mail stays the fallback: a client without texts on gets the e-mail
 * reminders, and a text the provider refuses for good turns texts off and sends an e-mail.
 */

type TextEnv = Pick<Env, "DB" | "JWT_SECRET"> & {
  SMS_ACCOUNT_SID?: string | undefined;
  SMS_AUTH_TOKEN?: string | undefined;
  SMS_FROM?: string | undefined;
  SMS_API_BASE?: string | undefined;
};

const minute = 60_000;
/** A code is good for ten minutes, for five tries; three codes an hour per request. */
export const codeMinutes = 10;
const codeTries = 5;
const codesPerHour = 3;

const iso = (at: Date | number) => new Date(at).toISOString();

/** Whether the studio texts at all (the provider is configured). */
export const textsConfigured = (env: TextEnv) => smsSettings(env) !== null;

/** A request's opt-in as its page shows it: off, waiting for the code, or on (with the number's end). */
export async function textStateOf(env: TextEnv, submissionId: string) {
  const row = await optInOf(env.DB, submissionId);
  return row ? { status: row.status, last4: last4(row.phone), offReason: row.offReason } : null;
}

/**
 * Whether a request's client gets their reminders by text, so their e-mail reminders are not
 * sent: texts configured and their number confirmed and not stopped.
 */
export async function remindedByText(env: TextEnv, submissionId: string): Promise<boolean> {
  if (!textsConfigured(env)) return false;
  return (await optInOf(env.DB, submissionId))?.status === "on";
}

/** Codes are kept only as an HMAC under the worker's secret (a missing secret still hashes them). */
const codeHash = (env: TextEnv, submissionId: string, phone: string, code: string) =>
  hmacSha256Hex(
    env.JWT_SECRET || "text-codes-without-a-configured-secret",
    `text-code|${submissionId}|${phone}|${code}`,
  );

export type CodeOutcome = "sent" | "off" | "limited" | "failed";

/**
 * Texts a 6-digit code to the number the client gave. Three codes an hour per request; the
 * code is kept only as its HMAC, for ten minutes and five tries. "failed": the provider refused
 * the number (not a mobile, not valid).
 */
export async function sendCode(
  env: TextEnv,
  input: { submissionId: string; phone: string; now: Date },
): Promise<CodeOutcome> {
  const sms = smsSettings(env);
  if (!sms) return "off";
  const { submissionId, phone, now } = input;
  const before = await optInOf(env.DB, submissionId);
  const windowOpen =
    before?.codesWindowStart && now.getTime() - Date.parse(before.codesWindowStart) < 60 * minute;
  const sentInWindow = windowOpen ? (before?.codesSent ?? 0) : 0;
  if (sentInWindow >= codesPerHour) return "limited";
  const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
  const code = String(random % 1_000_000).padStart(6, "0");
  const settings = await textSettingsOf(env.DB);
  await putOptIn(env.DB, {
    submissionId,
    phone,
    // Asking again for the number already on keeps it on; a new number starts over, pending.
    status: before?.status === "on" && before.phone === phone ? "on" : "pending",
    codeHash: await codeHash(env, submissionId, phone, code),
    codeExpiresAt: iso(now.getTime() + codeMinutes * minute),
    codeAttempts: 0,
    codesSent: sentInWindow + 1,
    codesWindowStart: windowOpen ? before?.codesWindowStart : iso(now),
    confirmedAt: before?.phone === phone ? (before.confirmedAt ?? null) : null,
    offReason: null,
    updatedAt: iso(now),
  });
  const body = renderText(settings, "code", { code });
  const outcome = await sendNow(env, sms, { submissionId, phone, kind: "code", body, logBody: null, now });
  return outcome === "sent" ? "sent" : "failed";
}

export type ConfirmOutcome = "on" | "wrong" | "expired" | "none";

/** Checks the code the client typed; on a match their texts are on. */
export async function confirmCode(
  env: TextEnv,
  input: { submissionId: string; code: string; now: Date },
): Promise<ConfirmOutcome> {
  const row = await optInOf(env.DB, input.submissionId);
  if (!row?.codeHash || !row.codeExpiresAt) return "none";
  const stamp = iso(input.now);
  if (Date.parse(row.codeExpiresAt) <= input.now.getTime() || row.codeAttempts >= codeTries) {
    await updateOptIn(env.DB, row.submissionId, row.updatedAt, { codeHash: null, updatedAt: stamp });
    return "expired";
  }
  const given = await codeHash(env, row.submissionId, row.phone, input.code);
  if (!sameText(given, row.codeHash)) {
    const tries = row.codeAttempts + 1;
    // The last wrong try spends the code: a new one must be asked for.
    await updateOptIn(env.DB, row.submissionId, row.updatedAt, {
      codeAttempts: tries,
      ...(tries >= codeTries ? { codeHash: null } : {}),
      updatedAt: stamp,
    });
    return tries >= codeTries ? "expired" : "wrong";
  }
  const won = await updateOptIn(env.DB, row.submissionId, row.updatedAt, {
    status: "on",
    codeHash: null,
    codeExpiresAt: null,
    codeAttempts: 0,
    confirmedAt: stamp,
    offReason: null,
    updatedAt: stamp,
  });
  return won ? "on" : "none";
}

/** The client turns texts off from their page: reminders go by e-mail again. */
export async function turnTextsOff(env: TextEnv, submissionId: string, now: Date): Promise<boolean> {
  const row = await optInOf(env.DB, submissionId);
  if (!row || row.status === "off") return false;
  return updateOptIn(env.DB, submissionId, row.updatedAt, {
    status: "off",
    offReason: "page",
    codeHash: null,
    updatedAt: iso(now),
  });
}

/** Sends one text at once (a code), logging it; "failed" when the provider refused it. */
async function sendNow(
  env: TextEnv,
  sms: SmsSettings,
  text: {
    submissionId: string | null;
    phone: string;
    kind: string;
    body: string;
    logBody: string | null;
    now: Date;
  },
): Promise<"sent" | "failed"> {
  const id = crypto.randomUUID();
  const stamp = iso(text.now);
  const row = {
    id,
    submissionId: text.submissionId,
    direction: "out" as const,
    kind: text.kind,
    phoneLast4: last4(text.phone),
    body: text.logBody,
    sendAt: stamp,
    attempts: 1,
    updatedAt: stamp,
  };
  try {
    const sid = await sendSms(sms, text.phone, text.body);
    await insertText(env.DB, { ...row, status: "sent", providerSid: sid });
    return "sent";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await insertText(env.DB, { ...row, status: "failed", error: message.slice(0, 300) });
    log("warn", "text not sent", { kind: text.kind, error: message });
    return "failed";
  }
}

/**
 * Texts a client one message now (an offer of a freed time, or that it has gone), only if their
 * texts are on and it is not the quiet hours: "sent", or "not-sent" (the caller e-mails instead).
 * The log keeps `logBody`, so a private link in the text is never stored.
 */
export async function textClientNow(
  env: TextEnv,
  input: { submissionId: string; kind: string; body: string; logBody: string; now: Date },
): Promise<"sent" | "not-sent"> {
  const sms = smsSettings(env);
  if (!sms) return "not-sent";
  const [optIn, settings] = await Promise.all([optInOf(env.DB, input.submissionId), textSettingsOf(env.DB)]);
  if (optIn?.status !== "on" || quietAt(input.now, settings)) return "not-sent";
  const outcome = await sendNow(env, sms, {
    submissionId: input.submissionId,
    phone: optIn.phone,
    kind: input.kind,
    body: input.body,
    logBody: input.logBody,
    now: input.now,
  });
  return outcome === "sent" ? "sent" : "not-sent";
}

/** How far ahead the cron looks for sessions to remind: the longest reminder allowed, and a day. */
const lookAheadMs = (168 + 24) * 60 * minute;

/** A reminder's words: the session's day and time in the studio's zone. */
function reminderBody(settings: TextSettingsInput, name: string, startsAt: string) {
  return renderText(settings, "reminder", {
    firstName: firstNameOf(name).slice(0, 20),
    day: dayIn(startsAt, studio.timeZone),
    time: timeOfDayIn(startsAt, studio.timeZone),
  });
}

/**
 * Queues the reminders that fell due: for each booked session whose client has texts on, each
 * of the studio's reminder hours at its time (out of the quiet hours), once (the topic
 * `<booking>:<hours>` is unique). A reminder whose time had passed when the session was booked
 * is not sent: the booking's confirmation told them then.
 */
async function queueDueTextReminders(env: TextEnv, now: Date): Promise<number> {
  if (!textsConfigured(env)) return 0;
  const settings = await textSettingsOf(env.DB);
  const sessions = await sessionsToRemind(env.DB, iso(now), iso(now.getTime() + lookAheadMs));
  let queued = 0;
  for (const session of sessions) {
    const startsAt = new Date(session.startsAt);
    for (const hours of settings.reminderHours) {
      const at = reminderTime(startsAt, hours, settings);
      if (at.getTime() > now.getTime() || at.getTime() < Date.parse(session.bookedAt)) continue;
      const inserted = await insertText(env.DB, {
        id: crypto.randomUUID(),
        submissionId: session.submissionId,
        direction: "out",
        kind: "reminder",
        topic: `${session.bookingId}:${hours}`,
        phoneLast4: last4(session.phone),
        body: reminderBody(settings, session.name, session.startsAt),
        status: "queued",
        sendAt: iso(at),
        updatedAt: iso(now),
      });
      if (inserted) queued++;
    }
  }
  return queued;
}

export type TextTally = { sent: number; retry: number; failed: number; dropped: number };

/** Attempts before a reminder is given up (and the e-mail goes instead), from 5 minutes apart. */
const textAttempts = 4;
const textRetryBaseSeconds = 300;

/**
 * The cron's pass: queues the reminders that fell due, then sends every due text. A send the
 * provider refuses for good (an unsubscribed or invalid number) turns the client's texts off
 * and queues the booking's e-mail reminder instead; one that keeps failing does the same at its
 * last attempt. Never throws on one text's failure.
 */
export async function deliverTexts(env: TextEnv, { now = new Date() }: { now?: Date } = {}) {
  const tally: TextTally = { sent: 0, retry: 0, failed: 0, dropped: 0 };
  const sms = smsSettings(env);
  if (!sms) return { queued: 0, ...tally };
  const queued = await queueDueTextReminders(env, now);
  const claimed = await claimDueTexts(env.DB, iso(now), iso(now.getTime() + 2 * minute), 50);
  for (const text of claimed) tally[await sendQueued(env, sms, text, now)]++;
  return { queued, ...tally };
}

async function sendQueued(
  env: TextEnv,
  sms: SmsSettings,
  text: TextMessage,
  now: Date,
): Promise<keyof TextTally> {
  const stamp = iso(now);
  const [bookingId = ""] = (text.topic ?? "").split(":");
  const wanted = await reminderStillWanted(env.DB, bookingId);
  const drop = async (why: string) => {
    await settleText(env.DB, text, { status: "dropped", error: why, updatedAt: stamp });
    return "dropped" as const;
  };
  if (wanted?.status !== "booked") return drop("the session no longer stands");
  if (Date.parse(wanted.startsAt) <= now.getTime()) return drop("the session has begun");
  if (wanted.optIn !== "on" || !wanted.phone) return drop("texts are off");
  try {
    const sid = await sendSms(sms, wanted.phone, text.body ?? "");
    await settleText(env.DB, text, { status: "sent", providerSid: sid, error: null, updatedAt: stamp });
    return "sent";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const permanent = error instanceof SmsError && error.permanent;
    if (!permanent && text.attempts < textAttempts) {
      const next = now.getTime() + retryDelayMs(text.attempts, textRetryBaseSeconds);
      await settleText(env.DB, text, {
        status: "retry",
        error: message,
        sendAt: iso(next),
        updatedAt: stamp,
      });
      log("warn", "text not sent; will retry", { textId: text.id, attempts: text.attempts, error: message });
      return "retry";
    }
    await settleText(env.DB, text, { status: "failed", error: message, updatedAt: stamp });
    await fallBackToMail(env, text, bookingId, permanent, now);
    log("warn", "text failed for good; e-mail instead", { textId: text.id, error: message });
    return "failed";
  }
}

/**
 * A reminder that could not go by text goes by e-mail (the booking's `reminder-fallback`,
 * once per session); a number the provider refuses for good has its texts turned off, so the
 * next reminders go by e-mail from the start.
 */
async function fallBackToMail(
  env: TextEnv,
  text: TextMessage,
  bookingId: string,
  permanent: boolean,
  now: Date,
) {
  const stamp = iso(now);
  if (!text.submissionId) return;
  await queueMail(env.DB, {
    kind: "booking",
    subjectId: bookingId,
    topic: "reminder-fallback",
    requestId: text.submissionId,
    now: stamp,
  });
  if (permanent) {
    const row = await optInOf(env.DB, text.submissionId);
    if (row && row.status === "on")
      await updateOptIn(env.DB, row.submissionId, row.updatedAt, {
        status: "off",
        offReason: "undeliverable",
        updatedAt: stamp,
      });
  }
}

/** The keywords carriers and Twilio honour, and what each does. */
const stopWords = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const startWords = new Set(["START", "YES", "UNSTOP"]);
const helpWords = new Set(["HELP", "INFO"]);

export type InboundOutcome = { replay: true } | { replay: false; reply: string | null };

/**
 * A text the provider received for the studio's number, already verified as the provider's:
 * logged by its keyword (never its words), applied, and answered with the reply to send back
 * (in the webhook's answer), or none. A MessageSid seen before is a replay: nothing is done.
 */
export async function receiveText(
  env: TextEnv,
  input: { messageSid: string; from: string; body: string; now: Date },
): Promise<InboundOutcome> {
  const stamp = iso(input.now);
  const word =
    input.body
      .trim()
      .split(/\s+/)[0]
      ?.toUpperCase()
      .replace(/[^A-Z]/g, "") ?? "";
  const keyword = stopWords.has(word)
    ? "stop"
    : startWords.has(word)
      ? "start"
      : helpWords.has(word)
        ? "help"
        : "other";
  const known = await requestsOfNumber(env.DB, input.from);
  const fresh = await insertText(env.DB, {
    id: crypto.randomUUID(),
    submissionId: known[0]?.submissionId ?? null,
    direction: "in",
    kind: keyword,
    phoneLast4: last4(input.from),
    body: keyword === "other" ? null : word,
    status: "received",
    sendAt: stamp,
    providerSid: input.messageSid,
    updatedAt: stamp,
  });
  if (!fresh) return { replay: true };
  const settings = await textSettingsOf(env.DB);
  let replyName: TextTemplateName | null = null;
  if (keyword === "stop") {
    // Confirmed once: a second STOP from a number already off gets no reply.
    if ((await stopNumber(env.DB, input.from, stamp)) > 0) replyName = "stop";
  } else if (keyword === "start") {
    if ((await restartNumber(env.DB, input.from, stamp)) > 0 || known.some((row) => row.status === "on"))
      replyName = "start";
  } else if (keyword === "help") replyName = "help";
  if (!replyName) return { replay: false, reply: null };
  const reply = renderText(settings, replyName, {});
  await insertText(env.DB, {
    id: crypto.randomUUID(),
    submissionId: known[0]?.submissionId ?? null,
    direction: "out",
    kind: replyName,
    phoneLast4: last4(input.from),
    body: reply,
    // Sent as the webhook's own answer (TwiML), so no SID of its own.
    status: "sent",
    sendAt: stamp,
    attempts: 1,
    updatedAt: stamp,
  });
  return { replay: false, reply };
}

/** The artist's view: the settings (or defaults) and whether the provider is configured. */
export async function textSettingsView(env: TextEnv) {
  const { saved, ...settings } = await textSettingsOf(env.DB);
  return { configured: textsConfigured(env), saved, settings };
}

export async function saveSettings(db: D1Database, settings: TextSettingsInput, now: Date) {
  await saveTextSettings(db, {
    reminderHours: JSON.stringify([...settings.reminderHours].sort((a, b) => b - a)),
    quietFrom: settings.quietFrom,
    quietUntil: settings.quietUntil,
    templates: JSON.stringify(settings.templates),
    updatedAt: iso(now),
  });
}

/** Each template filled in with an example client and session, and its length. */
export function previewTexts(settings: Pick<TextSettingsInput, "templates">) {
  const sample = "2026-12-04T19:00:00.000Z";
  const values = {
    firstName: "Dana",
    day: dayIn(sample, studio.timeZone),
    time: timeOfDayIn(sample, studio.timeZone),
    code: "482913",
  };
  return Object.fromEntries(
    (Object.keys(settings.templates) as TextTemplateName[]).map((name) => {
      const text = renderText(settings, name, values);
      return [name, { text, length: text.length }];
    }),
  ) as Record<TextTemplateName, { text: string; length: number }>;
}

/** The texts of a request (null: the request is not found), or of every request. */
export async function textsOf(env: TextEnv, submissionId: string | null) {
  if (submissionId && !(await requestExists(env.DB, submissionId))) return null;
  const [messages, optIn] = await Promise.all([
    textLog(env.DB, submissionId),
    submissionId ? textStateOf(env, submissionId) : Promise.resolve(null),
  ]);
  return { optIn, messages };
}
