import { nameField, optionalText, phoneRequiredField } from "./schemas/fields";
import { z } from "./schemas/z";
import { studio } from "./studio";

/**
 * The studio's consent and release form, signed by the client on the request's status page
 * before the appointment (docs/decisions/020-quote-to-healed.md, "Release form"). Its words are
 * versioned here: a signed form keeps a copy of the exact text it was shown (`ReleaseFormText`),
 * so changing this file never changes what someone already signed. Change the wording, change
 * `version`.
 */

/** A health question or an acknowledgement: its words, under the name of its form field. */
interface FormLine {
  /** The form field's name; stable across versions so answers stay comparable. */
  id: string;
  text: string;
}

/** Lines written as field name to words, in the order the form shows them. */
const lines = (texts: Record<string, string>): FormLine[] =>
  Object.entries(texts).map(([id, text]) => ({ id, text }));

/** Everything the client reads on the form, as they read it. */
export interface ReleaseFormText {
  version: string;
  title: string;
  intro: string;
  healthIntro: string;
  questions: readonly FormLine[];
  risksIntro: string;
  risks: readonly string[];
  aftercare: string;
  /** The address of the written aftercare guide the form refers to. */
  aftercareUrl: string;
  acknowledgements: readonly FormLine[];
  photoId: string;
  signatureNote: string;
}

export const releaseFormText: ReleaseFormText = {
  version: "2026-11",
  title: `Consent and release for a tattoo at ${studio.name}`,
  intro: `Please read this form carefully and answer truthfully. It is kept encrypted, for the three years Maryland asks a body-art studio to keep its records, and then deleted. Only ${studio.artist.name} can open it.`,
  healthIntro:
    "Health questions. A yes does not mean we cannot tattoo you; it means the artist may ask your doctor's advice first, or adjust the session. Add a detail for every yes.",
  questions: lines({
    pregnant: "Are you pregnant or nursing?",
    bloodThinners: "Do you take blood thinners or aspirin, or have you in the last 24 hours?",
    diabetes: "Do you have diabetes?",
    bleeding: "Do you have hemophilia or another bleeding disorder?",
    skin: "Do you have a skin condition (eczema, psoriasis, a rash, a wound, a mole or a recent sunburn) where the tattoo will go?",
    allergies: "Are you allergic to latex, pigments, ointments, soaps or adhesives?",
    heart: "Do you have a heart condition, or take medicine for one?",
    epilepsy: "Do you have epilepsy, or have you ever had a seizure or fainted during a procedure?",
    immune:
      "Do you have a condition or take a medicine that weakens your immune system (for example chemotherapy, HIV, or long-term steroids)?",
    keloids: "Do you scar easily or form keloids?",
    substances: "Have you had alcohol or recreational drugs in the last 24 hours?",
  }),
  risksIntro: "The risks of a tattoo, disclosed in writing before you consent:",
  risks: [
    "Infection, if the skin is not kept clean while it heals, or from a condition you did not tell us about.",
    "An allergic reaction to pigments, gloves or aftercare products, sometimes months or years later.",
    "Scarring, raised skin or keloids, and changes in skin texture.",
    "Swelling, bleeding, bruising and tenderness for several days.",
    "Colors fading, blurring or spreading under the skin over time; a touch-up may be needed.",
    "Fainting or dizziness during the session.",
    "A tattoo is permanent. Removal is costly, painful and may not be complete.",
  ],
  aftercare:
    "Written aftercare: the studio's aftercare guide tells you how to look after the tattoo while it heals. The artist goes through it with you after the session; read it before your appointment.",
  aftercareUrl: "/aftercare",
  acknowledgements: lines({
    truthful: "My answers above are true and complete, to the best of my knowledge.",
    risks: "I have read the risks above, and I have had the chance to ask about them.",
    aftercare:
      "I have been given the written aftercare guide, and I understand that healing depends on following it.",
    sober:
      "I will come to the session sober, fed and rested, and I will tell the artist if anything above changes.",
    permanent: "I understand the tattoo is permanent, and that variations in color and design can occur.",
    adult: `I am ${studio.claims.minimumAge} or older, and I will bring a government photo ID to the studio.`,
  }),
  photoId: "Photo ID is checked at the studio before the session: bring a current government photo ID.",
  signatureNote:
    "Type your full legal name as your signature. Signing means you give your consent to be tattooed on the terms above.",
};

type HealthAnswer = { answer: "yes" | "no"; details: string | null };

/** What the client gave on the form, as stored (encrypted) with the text they were shown. */
export interface ReleaseFormAnswers {
  legalName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  emergencyName: string;
  emergencyPhone: string;
  health: Record<string, HealthAnswer>;
  acknowledged: string[];
  signature: string;
}

/** The whole signed content: the exact text shown, the answers, and when it was signed. */
export interface SignedReleaseForm {
  text: ReleaseFormText;
  answers: ReleaseFormAnswers;
  signedAt: string;
}

/** The labels the form shows, also used to name a field in a refusal. */
export const releaseFormLabels: Record<string, string> = {
  legalName: "Legal name",
  dateOfBirth: "Date of birth",
  emergencyName: "Emergency contact's name",
  emergencyPhone: "Emergency contact's phone",
  signature: "Signature",
  ...Object.fromEntries(
    releaseFormText.questions.flatMap((q) => [
      [q.id, q.text],
      [`${q.id}Details`, `Details: ${q.text}`],
    ]),
  ),
  ...Object.fromEntries(releaseFormText.acknowledgements.map((a) => [`ack-${a.id}`, a.text])),
};

export const releaseFormMessages = {
  dateRequired: "Enter your date of birth",
  dateInvalid: "Enter your date of birth as a real date (month, day and year)",
  underAge: `The studio tattoos adults only: you must be ${studio.claims.minimumAge} or older to sign this form`,
  answerRequired: "Answer yes or no",
  detailsRequired: "Tell us a little more about this yes",
  acknowledgementRequired: "Tick this box to sign",
  signatureMismatch: "Type your legal name exactly as above to sign",
} as const;

/** The age in whole years on `today` (YYYY-MM-DD) of someone born on `born` (YYYY-MM-DD). */
function ageOn(born: string, today: string): number {
  const [by, bm, bd] = born.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether someone born on `born` is old enough to be tattooed on `today` (both YYYY-MM-DD). */
const isAdultOn = (born: string, today: string) => ageOn(born, today) >= studio.claims.minimumAge;

const isRealDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const yesNo = z.unknown().transform((value, ctx): "yes" | "no" => {
  if (value === "yes" || value === "no") return value;
  ctx.addIssue({ code: "custom", message: releaseFormMessages.answerRequired });
  return z.NEVER as never;
});

const ticked = z.unknown().transform((value, ctx): true => {
  if (value === "on" || value === "yes" || value === true) return true;
  ctx.addIssue({ code: "custom", message: releaseFormMessages.acknowledgementRequired });
  return z.NEVER as never;
});

const sameName = (a: string, b: string) =>
  a.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase() ===
  b.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * A date of birth as a date input posts it (YYYY-MM-DD), checked against the studio's age rule
 * on `today`: asked when a quote is accepted (before any deposit) and again on the release form.
 */
export function birthDateField(today: string, underAge: string = releaseFormMessages.underAge) {
  return z.unknown().transform((value, ctx): string => {
    const text = asText(value);
    if (!text) {
      ctx.addIssue({ code: "custom", message: releaseFormMessages.dateRequired });
      return z.NEVER as never;
    }
    if (!isRealDate(text) || text > today || text < "1900-01-01") {
      ctx.addIssue({ code: "custom", message: releaseFormMessages.dateInvalid });
      return z.NEVER as never;
    }
    if (!isAdultOn(text, today)) {
      ctx.addIssue({ code: "custom", message: underAge });
      return z.NEVER as never;
    }
    return text;
  });
}

/**
 * The posted form (every value a string, as a browser sends it), checked and shaped into the
 * answers. `today` is the studio's calendar date, for the age rule: the studio tattoos adults only.
 */
export function releaseFormSchema(today: string) {
  const shape: Record<string, z.ZodType> = {
    legalName: nameField,
    dateOfBirth: birthDateField(today),
    emergencyName: nameField,
    emergencyPhone: phoneRequiredField,
    signature: nameField,
  };
  for (const question of releaseFormText.questions) {
    shape[question.id] = yesNo;
    shape[`${question.id}Details`] = optionalText(300);
  }
  for (const acknowledgement of releaseFormText.acknowledgements) shape[`ack-${acknowledgement.id}`] = ticked;
  return z
    .object(shape)
    .superRefine((data, ctx) => {
      for (const question of releaseFormText.questions) {
        if (data[question.id] === "yes" && !data[`${question.id}Details`]) {
          ctx.addIssue({
            code: "custom",
            path: [`${question.id}Details`],
            message: releaseFormMessages.detailsRequired,
          });
        }
      }
      const legal = data.legalName;
      const signed = data.signature;
      if (typeof legal === "string" && typeof signed === "string" && !sameName(legal, signed)) {
        ctx.addIssue({ code: "custom", path: ["signature"], message: releaseFormMessages.signatureMismatch });
      }
    })
    .transform(
      (data): ReleaseFormAnswers => ({
        legalName: data.legalName as string,
        dateOfBirth: data.dateOfBirth as string,
        emergencyName: data.emergencyName as string,
        emergencyPhone: data.emergencyPhone as string,
        health: Object.fromEntries(
          releaseFormText.questions.map((q) => [
            q.id,
            {
              answer: data[q.id] as "yes" | "no",
              details: (data[`${q.id}Details`] as string | null) ?? null,
            },
          ]),
        ),
        acknowledged: releaseFormText.acknowledgements.map((a) => a.id),
        signature: data.signature as string,
      }),
    );
}
