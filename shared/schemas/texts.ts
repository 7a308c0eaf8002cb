import { z } from "zod";

/**
 * Text reminders' inputs, checked alike in the admin and the worker: the client's number and
 * code on their request's page, and the studio's settings (reminder hours, quiet hours,
 * templates) the artist edits.
 */

/**
 * A mobile number as typed (spaces, dashes, brackets allowed), made E.164: ten digits are a US
 * number, eleven starting with 1 too; anything else needs its leading + and country code.
 */
const phoneNumber = z
  .string()
  .trim()
  .max(30, "Enter a mobile number")
  .transform((value, ctx) => {
    const digits = value.replace(/[\s().-]/g, "");
    const e164 = /^\+[1-9]\d{7,14}$/.test(digits)
      ? digits
      : /^\d{10}$/.test(digits)
        ? `+1${digits}`
        : /^1\d{10}$/.test(digits)
          ? `+${digits}`
          : null;
    // North American numbers: area and exchange codes never start with 0 or 1.
    if (!e164 || (e164.startsWith("+1") && !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(e164))) {
      ctx.addIssue({ code: "custom", message: "Enter a mobile number, e.g. (301) 555-0123" });
      return z.NEVER;
    }
    return e164;
  });

export const textOptInSchema = z.object({ phone: phoneNumber });

export const textCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we texted you"),
});

/** The texts the studio sends, each a template the artist may edit. */
export const textTemplateNames = ["reminder", "code", "help", "stop", "start"] as const;
export type TextTemplateName = (typeof textTemplateNames)[number];

/** The placeholders each template may use; the ones it must use are marked. */
export const textPlaceholders: Record<
  TextTemplateName,
  { allowed: readonly string[]; required: readonly string[] }
> = {
  reminder: { allowed: ["firstName", "studio", "day", "time", "studioPhone"], required: ["time"] },
  code: { allowed: ["code", "studio"], required: ["code"] },
  help: { allowed: ["studio", "studioPhone"], required: ["studioPhone"] },
  stop: { allowed: ["studio", "studioPhone"], required: [] },
  start: { allowed: ["studio", "studioPhone"], required: [] },
};

/** Longest template: two SMS segments of plain text, with room left for the placeholders' values. */
export const textTemplateMax = 280;
/** Longest rendered text: two GSM-7 segments (153 characters each with the header). */
export const textRenderedMax = 306;

const placeholderPattern = /\{([A-Za-z]+)\}/g;

/** Why a template cannot be used, or null: unknown or missing placeholders, stray braces. */
function templateProblem(name: TextTemplateName, template: string): string | null {
  const rule = textPlaceholders[name];
  const used = [...template.matchAll(placeholderPattern)].map((match) => match[1] ?? "");
  const unknown = used.filter((placeholder) => !rule.allowed.includes(placeholder));
  if (unknown.length)
    return `Unknown placeholder {${unknown[0]}}: use ${rule.allowed.map((p) => `{${p}}`).join(", ")}`;
  const missing = rule.required.filter((placeholder) => !used.includes(placeholder));
  if (missing.length) return `Must contain {${missing[0]}}`;
  if (/[{}]/.test(template.replace(placeholderPattern, ""))) return "A brace without a placeholder name";
  return null;
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time as HH:MM (24-hour)");

const template = (name: TextTemplateName) =>
  z
    .string()
    .trim()
    .min(1, "Write the text")
    .max(textTemplateMax, `At most ${textTemplateMax} characters`)
    .superRefine((value, ctx) => {
      const problem = templateProblem(name, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

export const textSettingsSchema = z.object({
  /** Hours before the session, one to three reminders, each from 1 hour to 7 days, no two alike. */
  reminderHours: z
    .array(z.number().int("Whole hours").min(1, "At least 1 hour").max(168, "At most 168 hours (7 days)"))
    .min(1, "At least one reminder")
    .max(3, "At most three reminders")
    .refine((hours) => new Set(hours).size === hours.length, "Each reminder at a different time"),
  quietFrom: clock,
  quietUntil: clock,
  templates: z.object({
    reminder: template("reminder"),
    code: template("code"),
    help: template("help"),
    stop: template("stop"),
    start: template("start"),
  }),
});
export type TextSettingsInput = z.infer<typeof textSettingsSchema>;
