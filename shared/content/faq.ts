/**
 * FAQ answers, in the studio's voice. Every figure comes from the studio facts so no answer
 * can disagree with another page.
 */
import { bookingFacts, hoursSummary, prices, studio } from "../studio";

export interface FaqEntry {
  id: string;
  topic: string;
  question: string;
  answer: string;
}

export const faq: FaqEntry[] = [
  {
    id: "pricing",
    topic: "pricing",
    question: "How much does a custom tattoo cost?",
    answer: `Small pieces (2-4 in) run ${prices.small.range}, medium (4-6 in) ${prices.medium.range} and large (6+ in) ${prices.large.range}. Cover-ups are quoted after a look in person. The minimum charge is $${prices.minimumCharge}, and you get a firm quote at your free consultation before anything is booked.`,
  },
  {
    id: "walk-ins",
    topic: "walk-ins",
    question: "Do you take walk-ins?",
    answer: `Yes: ${hoursSummary.open}. Walk-ins suit small and flash pieces; larger custom work is booked ${bookingFacts.bookAhead} ahead. ${hoursSummary.appointment}.`,
  },
  {
    id: "styles",
    topic: "styles",
    question: "What styles do you tattoo?",
    answer: `${studio.artist.firstName} works in realism, fine-line, traditional and neo-traditional, Japanese, geometric and dotwork, blackwork, script, watercolour and illustrative styles, and every piece is drawn for you.`,
  },
  {
    id: "cover-ups",
    topic: "cover-ups",
    question: "Can you cover up an old tattoo?",
    answer:
      "Often, yes. Bring the old piece to a free consultation: we'll look at its size, darkness and placement, talk through designs that can hide it fully, and give you a quote. Sometimes a session or two of laser lightening first gives a far better result, and we'll tell you honestly if so.",
  },
  {
    id: "consultation",
    topic: "free consultation",
    question: "What happens at the free consultation?",
    answer: `It lasts ${studio.claims.consultationMinutes}. We talk about your idea, its meaning, size and placement, look at references, and agree a price range. There is no obligation, and we reply to every request within ${studio.claims.replyWithin}.`,
  },
  {
    id: "service-area",
    topic: "service areas",
    question: "Where do your clients come from?",
    answer: `The studio is in ${studio.address.locality}, ${studio.address.regionName}. Most clients come from ${studio.serviceArea.label}, within about ${studio.serviceArea.radiusMiles} miles.`,
  },
  {
    id: "safety",
    topic: "safety",
    question: "How do you keep things safe and sterile?",
    answer:
      "Single-use needles and ink caps opened in front of you, barrier film on every surface you touch, hospital-grade disinfectant between clients and a licensed, insured studio. Clients must be 18 or older with government ID, no exceptions.",
  },
  {
    id: "healing",
    topic: "healing",
    question: "How long does a tattoo take to heal?",
    answer:
      "The surface settles in about 2-4 weeks and the skin fully heals in 4-6 weeks. Derm Shield stays on for 3-5 days, then you wash gently and moisturise thinly 2-3 times a day.",
  },
  {
    id: "showering",
    topic: "showering",
    question: "Can I shower with a new tattoo?",
    answer:
      "Yes, short showers are fine, even with Derm Shield on. Avoid soaking: no baths, pools, hot tubs or the ocean for 2 weeks.",
  },
  {
    id: "moisturizing",
    topic: "moisturizing",
    question: "How should I moisturise it?",
    answer:
      "Once the bandage is off, use a thin layer of fragrance-free lotion 2-3 times a day. Too much product suffocates the skin, so a light sheen is enough.",
  },
  {
    id: "itching",
    topic: "itching",
    question: "It itches. What should I do?",
    answer:
      "Itching and light flaking around days 5-14 are normal. Don't scratch or pick: pat the area gently or apply a little lotion instead.",
  },
  {
    id: "exercise",
    topic: "exercise",
    question: "When can I work out again?",
    answer:
      "Give it 48 hours, then keep workouts light and the tattoo clean and covered from gym surfaces. Avoid stretching the area hard for the first week.",
  },
  {
    id: "infection",
    topic: "infection signs",
    question: "What are the signs of an infection?",
    answer:
      "Redness that spreads after day 3, increasing pain or swelling, pus, red streaks, or a fever of 100.4°F or more. If you notice any of these, call a doctor, and let us know too.",
  },
];

/** The six questions on the services page, also its FAQPage structured data. */
export const servicesFaq: FaqEntry[] = [
  "pricing",
  "consultation",
  "walk-ins",
  "cover-ups",
  "safety",
  "healing",
].map((id) => {
  const entry = faq.find((item) => item.id === id);
  if (!entry) throw new Error(`Missing FAQ entry ${id}`);
  return entry;
});
