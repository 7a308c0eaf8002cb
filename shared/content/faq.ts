/**
 * FAQ answers, in the studio's voice. Every figure is a `{token}` that the pages fill in from
 * the published facts (factTokenNames in shared/content-facts.ts), so no answer can disagree
 * with another page, now or after the artist changes a price.
 */

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
    answer:
      "Small pieces (2-4 in) run {smallPrice}, medium (4-6 in) {mediumPrice} and large (6+ in) {largePrice}. Cover-ups are quoted after a look in person. The minimum charge is {minimumCharge}, and you get a firm quote at your free consultation before anything is booked.",
  },
  {
    id: "walk-ins",
    topic: "walk-ins",
    question: "Do you take walk-ins?",
    answer:
      "Yes: {openHours}. Walk-ins suit small and flash pieces; larger custom work is booked {bookAhead} ahead. {appointmentHours}.",
  },
  {
    id: "styles",
    topic: "styles",
    question: "What styles do you tattoo?",
    answer:
      "{artist} works in realism, fine-line, traditional and neo-traditional, Japanese, geometric and dotwork, blackwork, script, watercolour and illustrative styles, and every piece is drawn for you.",
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
    answer:
      "It lasts {consultationLength}. We talk about your idea, its meaning, size and placement, look at references, and agree a price range. There is no obligation, and we reply to every request within {replyWithin}.",
  },
  {
    id: "service-area",
    topic: "service areas",
    question: "Where do your clients come from?",
    answer:
      "The studio is in {locality}, {regionName}. Most clients come from {serviceArea}, within about {radiusMiles} miles.",
  },
  {
    id: "safety",
    topic: "safety",
    question: "How do you keep things safe and sterile?",
    answer:
      "Single-use needles and ink caps opened in front of you, barrier film on every surface you touch, hospital-grade disinfectant between clients and a licensed, insured studio. Clients must be {minimumAge} or older with government ID, no exceptions.",
  },
  {
    id: "healing",
    topic: "healing",
    question: "How long does a tattoo take to heal?",
    answer:
      "The surface settles in about {surfaceHealing} and the skin fully heals in {fullHealing}. Derm Shield stays on for {dermShield}, then you wash gently and moisturise thinly {moisturise}.",
  },
  {
    id: "showering",
    topic: "showering",
    question: "Can I shower with a new tattoo?",
    answer:
      "Yes, short showers are fine, even with Derm Shield on. Avoid soaking: no baths, pools, hot tubs or the ocean for {noSoaking}.",
  },
  {
    id: "moisturizing",
    topic: "moisturizing",
    question: "How should I moisturise it?",
    answer:
      "Once the bandage is off, use a thin layer of fragrance-free lotion {moisturise}. Too much product suffocates the skin, so a light sheen is enough.",
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
