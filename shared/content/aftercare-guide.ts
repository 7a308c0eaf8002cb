import type { aftercareFacts as defaultAftercareFacts } from "../studio";

/**
 * The aftercare guide's words, in one place: the aftercare page shows them as its tabs, and a
 * client's status page, after their session, picks the day's part of them (the healing stage
 * they are in and that day's checklist). Figures come from the studio's aftercare facts, so the
 * guide and the FAQ can never disagree.
 */

type AftercareFacts = { readonly [K in keyof typeof defaultAftercareFacts]: string };

/** The four stages of healing, each with the days it spans (day 0 is the session's day). */
export const healingStages = (facts: AftercareFacts) =>
  [
    {
      name: "Fresh",
      days: "Days 0-3",
      from: 0,
      text: "Derm Shield stays on. Some redness, warmth and fluid under the film are normal.",
    },
    {
      name: "Active healing",
      days: "Days 4-14",
      from: 4,
      text: `Film off, gentle washing, a thin layer of lotion ${facts.moisturise}. Flaking and itching start: don't pick.`,
    },
    {
      name: "Settling",
      days: "Days 15-28",
      from: 15,
      text: "The surface looks healed and may seem a little cloudy. Keep moisturising and keep it out of the sun.",
    },
    {
      name: "Maturation",
      days: "Day 29+",
      from: 29,
      text: `The deeper skin finishes healing over ${facts.fullHealing} and the colours settle to their final look.`,
    },
  ] as const;

/** The Derm Shield tab's advice, after its opening paragraph. */
export const dermShieldAdvice = (facts: AftercareFacts) =>
  [
    `Short showers are fine with it on; no soaking for ${facts.noSoaking}.`,
    "Remove it early if it stops sealing after 2-3 days, or if the skin under it itches or blisters.",
    "About 5-10% of people are sensitive to the adhesive: if that's you, take it off and wash gently.",
    "Remove it slowly in the shower, peeling it back over itself in the direction of hair growth.",
  ] as const;

/** The daily checklist's steps, done morning and evening once the film is off. */
export const dailyCareTasks = [
  { key: "cleaned", label: "Cleaned gently with fragrance-free soap" },
  { key: "moisturized", label: "Moisturized with a thin layer" },
  { key: "inspected", label: "Inspected for redness, heat or swelling" },
] as const;

/** The myths the guide answers, each with what is true instead. */
export const aftercareMyths = (facts: AftercareFacts): readonly (readonly [string, string])[] => [
  [
    "Let it dry out to heal faster.",
    `Skin heals best slightly moist: thin lotion ${facts.moisturise}, not a scab-forming dry-out.`,
  ],
  [
    "Thick layers of ointment protect it.",
    "Too much product suffocates the skin and can bubble the ink. A light sheen is enough.",
  ],
  [
    "A little sun is fine once it's peeling.",
    "UV fades fresh ink fast. Cover it until healed, then use SPF 30+ for life.",
  ],
  [
    "Swimming is OK after a few days.",
    `Pools, hot tubs, baths and the ocean carry bacteria. Wait ${facts.noSoaking.replace(" ", " full ")}.`,
  ],
];

/** The number in a figure such as "3-5 days" or "2 weeks", in days: its first and last. */
function dayRange(figure: string): [number, number] {
  const numbers = [...figure.matchAll(/\d+/g)].map((match) => Number(match[0]));
  const unit = /week/i.test(figure) ? 7 : 1;
  const first = (numbers[0] ?? 0) * unit;
  return [first, (numbers[numbers.length - 1] ?? 0) * unit || first];
}

export interface AftercareDay {
  day: number;
  stage: ReturnType<typeof healingStages>[number];
  /** What to do that day, in the guide's words. */
  checklist: string[];
}

/**
 * A given day of healing (0 on the session's day) as the guide tells it: the stage it falls in
 * and that day's checklist. The Derm Shield advice while the film is on, the moment to take it
 * off, then the daily steps, twice a day, and the guide's cautions while they still apply.
 */
export function aftercareDay(day: number, facts: AftercareFacts): AftercareDay {
  const stages = healingStages(facts);
  const stage = [...stages].reverse().find((s) => day >= s.from) ?? stages[0];
  const [filmFrom, filmUntil] = dayRange(facts.dermShield);
  const [, soakUntil] = dayRange(facts.noSoaking);
  const advice = dermShieldAdvice(facts);
  const checklist: string[] = [];
  if (day < filmFrom) {
    checklist.push(`Leave the Derm Shield on (${facts.dermShield} in all).`, advice[0], advice[1], advice[2]);
  } else if (day <= filmUntil) {
    checklist.push(`Time to take the Derm Shield off (it stays on ${facts.dermShield}): ${advice[3]}`);
    checklist.push(...dailyCareTasks.map((task) => `Morning and evening: ${task.label.toLowerCase()}.`));
  } else {
    checklist.push(...dailyCareTasks.map((task) => `Morning and evening: ${task.label.toLowerCase()}.`));
  }
  if (day <= soakUntil) checklist.push(`No swimming, baths or hot tubs: ${facts.noSoaking}.`);
  if (day >= filmFrom && day < stages[2].from) checklist.push("Flaking and itching are normal: don't pick.");
  if (day >= stages[2].from) checklist.push("Keep it out of the sun; once healed, SPF 30+ for life.");
  return { day, stage, checklist };
}
