import type { Facts } from "../../../shared/content-facts";
import {
  contentMaxLength,
  type PersonalizationContext,
  type PersonalizeRequest,
  type TimeOfDay,
} from "../../../shared/schemas/personalize";
import { placements, type Style, styles } from "./template-styles";

/**
 * The deterministic writer behind POST /api/personalize: the default without Workers AI and the
 * fallback on any AI error. The same context always
 * gives the same text (so the cache and the tests agree); different contexts pick different
 * phrasings, styles and placements from the lists below.
 */

/** FNV-1a: a small, stable hash used only to choose between phrasings. */
function hash(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Picker {
  private state: number;
  constructor(seed: string) {
    this.state = hash(seed) || 1;
  }
  next(): number {
    // xorshift32
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  one<T>(items: readonly T[]): T {
    return items[this.next() % items.length] as T;
  }
  /** `count` distinct items, preferring `first` in their order. */
  some<T>(items: readonly T[], count: number, first: readonly T[] = []): T[] {
    const chosen = [...new Set(first.filter((item) => items.includes(item)))].slice(0, count);
    const rest = items.filter((item) => !chosen.includes(item));
    while (chosen.length < count && rest.length)
      chosen.push(rest.splice(this.next() % rest.length, 1)[0] as T);
    return chosen;
  }
}

/** City part of "Laurel, Maryland"; nothing for 'Unknown', 'Local' or an empty value. */
function cityFrom(location: string | undefined): string | null {
  const city = location?.split(",")[0]?.trim();
  if (!city || /^(unknown|local)$/i.test(city)) return null;
  return city;
}

/** The size bands come from the one price list, so an idea never quotes a size another page denies. */
const sizeTextOf = ({ prices }: Facts) =>
  ({
    small: `a small piece (${prices.small.inches} in, ${prices.small.range})`,
    medium: `a medium piece (${prices.medium.inches} in, ${prices.medium.range})`,
    large: `a larger piece (${prices.large.inches} in, ${prices.large.range})`,
  }) as const;

/** Lower-cases a style label for mid-sentence use, keeping proper adjectives. */
const inSentence = (label: string) => (/^(Japanese|American)/.test(label) ? label : label.toLowerCase());

function stylesMentioned(context: PersonalizationContext, prompt: string | undefined): string[] {
  const haystack = [prompt ?? "", ...(context.userInterests ?? []), ...(context.sessionInterests ?? [])].join(
    " ",
  );
  return styles
    .filter((style) => style.words.test(haystack) || haystack.includes(style.key))
    .map((s) => s.key);
}

// Openers never say "welcome": the sentence that follows may, and one welcome is enough.
const greetingByTime: Record<TimeOfDay, readonly string[]> = {
  morning: ["Good morning", "Morning", "A bright good morning"],
  afternoon: ["Good afternoon", "Hello this afternoon", "A warm good afternoon"],
  evening: ["Good evening", "Evening", "A warm good evening"],
};

const greetingFollowUps = [
  "Let's explore the intersection of art and personal expression.",
  "Every design here starts as a conversation and ends as something only you will wear.",
  "Bring a story, a photo or a half-formed idea; we will draw the rest together.",
  "Take your time with the portfolio: each piece began with a question, not a template.",
];

function homepageGreeting(context: PersonalizationContext, pick: Picker, { studio }: Facts): string {
  const city = cityFrom(context.location);
  const opener = pick.one(greetingByTime[context.timeOfDay ?? "afternoon"]);
  const head = city ? `${opener} from ${city}!` : `${opener}, and welcome to ${studio.name}!`;
  const interests = [...(context.sessionInterests ?? []), ...(context.userInterests ?? [])];
  const mentioned = styles.find((style) =>
    interests.some((i) => style.words.test(i) || i.includes(style.key)),
  );
  const history = context.visitHistory ?? [];
  let follow: string;
  if (mentioned) {
    follow = `Since ${inSentence(mentioned.label)} work caught your eye, ${studio.artist.firstName} would love to show you what ${mentioned.pitch} can look like on you.`;
  } else if (history.some((page) => page.startsWith("/gallery"))) {
    follow = "Back from the portfolio? When a piece speaks to you, a free consultation is the next step.";
  } else if (history.some((page) => page.startsWith("/aftercare"))) {
    follow = "Healing something new? The aftercare guide is here whenever you need it.";
  } else {
    follow = pick.one(greetingFollowUps);
  }
  return `${head} ${follow}`;
}

/** The visitor's idea as they wrote it (trimmed), or null when they gave none. */
function promptFrom(prompt: string | undefined): string | null {
  const cleaned = prompt
    ?.replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  if (!cleaned) return null;
  return cleaned.length > 90 ? `${cleaned.slice(0, 87).trimEnd()}...` : cleaned;
}

/**
 * The first line names the visitor's idea once; each numbered idea then only says how it could
 * be drawn (style, placement, size), so a long prompt is never read three times over.
 */
function ideasIntro(prompt: string | null, context: PersonalizationContext, { studio }: Facts): string {
  if (prompt) return `Three ways ${studio.artist.firstName} could draw “${prompt}”:`;
  const interest = context.sessionInterests?.[0] ?? context.userInterests?.[0];
  return interest
    ? `Three ideas built around your interest in ${interest}:`
    : "Three ideas for a symbol that marks a turning point in your life:";
}

const ideaShapes = [
  (s: Style, where: string, size: string) => `${s.label} on the ${where}: ${s.pitch}, as ${size}.`,
  (s: Style, where: string, size: string) =>
    `As ${inSentence(s.label)} work on the ${where}, with ${s.pitch}; plan on ${size}.`,
  (s: Style, where: string, size: string) =>
    `For the ${where}, ${size} in ${inSentence(s.label)}: ${s.pitch}.`,
];

function tattooIdeas(request: PersonalizeRequest, pick: Picker, facts: Facts): string {
  const { studio } = facts;
  const sizeText = sizeTextOf(facts);
  const context = request.context;
  const prompt = promptFrom(request.prompt);
  const chosen = pick.some(
    styles.map((s) => s.key),
    3,
    stylesMentioned(context, request.prompt),
  );
  // A visitor who asks again sees other placements than last time.
  const offset = (context.previousIdeas?.length ?? 0) * 3;
  const shuffled = pick.some(placements, placements.length);
  const lines = chosen.map((key, index) => {
    const style = styles.find((s) => s.key === key) as Style;
    const place = shuffled[(index + offset) % shuffled.length] ?? placements[0];
    const shape = pick.one(ideaShapes);
    return `${index + 1}. ${shape(style, place.where, sizeText[place.size])}`;
  });
  return [
    ideasIntro(prompt, context, facts),
    ...lines,
    `Bring any of these to a free consultation (${studio.claims.consultationMinutes}) and ${studio.artist.firstName} will draw it for you alone.`,
  ].join("\n");
}

function localSeoContent(
  context: PersonalizationContext,
  pick: Picker,
  { studio, walkInTimes, appointmentDaysLabel }: Facts,
): string {
  const city = cityFrom(context.location);
  const base = context.businessLocation || `${studio.address.locality}, ${studio.address.regionName}`;
  const towns = studio.serviceArea.towns.join(", ");
  const open = pick.one([
    city
      ? `Looking for a custom tattoo artist near ${city}?`
      : "Looking for a custom tattoo artist in the DMV?",
    city
      ? `Clients from ${city} and across the DMV make the trip to ${base} for one-of-a-kind work.`
      : `Clients across the DMV make the trip to ${base} for one-of-a-kind work.`,
  ]);
  const middle = pick.one([
    `${studio.name} is a private, single-artist studio in ${base}, serving ${towns} and the area within about ${studio.serviceArea.radiusMiles} miles.`,
    `${studio.artist.name} has ${studio.claims.experienceLabel} of custom work behind her and draws every design from scratch for ${towns} and the wider DMV.`,
  ]);
  const close = pick.one([
    `Walk-ins are welcome ${walkInTimes}; consultations run ${appointmentDaysLabel} by appointment.`,
    `Free consultations take ${studio.claims.consultationMinutes}, and every message gets a reply within ${studio.claims.replyWithin}.`,
  ]);
  return `${open} ${middle} ${close}`;
}

const trends = [
  "Fine-line botanicals: wildflowers and herbs drawn like pressed specimens",
  "Micro-realism: tiny portraits and pets with surprising depth",
  "Ornamental blackwork: bold filigree that frames the body's lines",
  "Neo-traditional animals: moths, foxes and birds with jewel-tone colour",
  "Celestial linework: moons, constellations and sun motifs",
  "Japanese-inspired sleeves built one session at a time",
  "Memorial pieces: handwriting, dates and flowers that carry a story",
  "Cover-ups that turn an old tattoo into a new centrepiece",
];

function trendingTopics(context: PersonalizationContext, pick: Picker): string {
  const interests = stylesMentioned(context, undefined);
  const preferred = trends.filter((t) =>
    interests.some((key) => styles.find((s) => s.key === key)?.words.test(t)),
  );
  const chosen = pick.some(trends, 4, preferred);
  const city = cityFrom(context.location);
  const intro = city
    ? `What clients near ${city} are asking for right now:`
    : "What clients are asking for right now:";
  return [intro, ...chosen.map((trend) => `- ${trend}`)].join("\n");
}

/** The text for a request, stating the studio's facts as `facts` (the live version's) give them. */
export function writeFromTemplate(request: PersonalizeRequest, seed: string, facts: Facts): string {
  const pick = new Picker(seed);
  const text = (() => {
    switch (request.type) {
      case "homepage-greeting":
        return homepageGreeting(request.context, pick, facts);
      case "tattoo-ideas":
        return tattooIdeas(request, pick, facts);
      case "local-seo-content":
        return localSeoContent(request.context, pick, facts);
      case "trending-topics":
        return trendingTopics(request.context, pick);
    }
  })();
  return text.slice(0, contentMaxLength[request.type]);
}
