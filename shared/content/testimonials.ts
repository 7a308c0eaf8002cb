/**
 * The site's own testimonials: 20 static reviews. The review count the site claims is the
 * length of this list, a number the site can back with reviews a visitor can read.
 */
import { homeTestimonials, type Testimonial } from "./testimonials-home";

export type { Testimonial } from "./testimonials-home";

// biome-ignore format: one review per line
const moreTestimonials: Testimonial[] = [
  { id: "review-02", name: "Marcus T.", reviewCount: 31, photoCount: 8, rating: 5, date: "2025-09-02", text: "Clean, quiet studio and zero pressure. The lion portrait took two sessions and she checked in on me the whole way. The shading is unreal.", isLocalGuide: true, priceRange: "$600+" },
  { id: "review-05", name: "Alicia M.", reviewCount: 9, photoCount: 2, rating: 5, date: "2025-07-15", text: "Professional from start to finish: clear pricing, a deposit policy explained up front, and aftercare instructions I actually understood.", priceRange: "$300-600" },
  { id: "review-06", name: "Chris B.", reviewCount: 48, photoCount: 12, rating: 5, date: "2025-06-28", text: "Worth the drive from Columbia. The Japanese wave panel is crisp and the colour has held beautifully after healing.", isLocalGuide: true },
  { id: "review-07", name: "Nadia L.", reviewCount: 3, photoCount: 0, rating: 5, date: "2025-06-10", text: "I brought a photo of my mum's handwriting and Mara traced it so carefully it looks like she wrote it on my wrist. I cried, in a good way." },
  { id: "review-08", name: "Tomás G.", reviewCount: 17, photoCount: 4, rating: 5, date: "2025-05-22", text: "Spotless setup, new needles opened in front of me, and she talked me through the healing timeline. Best tattoo experience I've had.", priceRange: "$150-300" },
  { id: "review-09", name: "Kayla W.", reviewCount: 11, photoCount: 2, rating: 5, date: "2025-05-03", text: "The geometric stag is exactly as sharp as the drawing. Mara adjusted the size twice until it sat right on my shoulder blade." },
  { id: "review-10", name: "Ben A.", reviewCount: 27, photoCount: 6, rating: 5, date: "2025-04-19", text: "I had a vague idea about a phoenix and she came back with a brushstroke design I love more than anything I'd imagined.", artistResponse: "That phoenix was a joy to draw. Thank you for trusting the loose approach!" },
  { id: "review-11", name: "Sophie D.", reviewCount: 5, photoCount: 1, rating: 5, date: "2025-04-01", text: "Booked a walk-in on a Saturday for a small flash piece. Friendly, quick and clean, and the price was exactly what the site said.", priceRange: "$150-300" },
  { id: "review-12", name: "Andre P.", reviewCount: 36, photoCount: 9, rating: 5, date: "2025-03-14", text: "A memorial portrait of my dad from an old photo. She was patient, honest about what would age well, and the result is perfect.", isLocalGuide: true, priceRange: "$600+" },
  { id: "review-13", name: "Emily C.", reviewCount: 8, photoCount: 2, rating: 5, date: "2025-02-27", text: "Mara's consultation felt like talking to a friend who happens to be a brilliant artist. Zero judgement about my ideas." },
  { id: "review-14", name: "Luis F.", reviewCount: 19, photoCount: 3, rating: 5, date: "2025-02-08", text: "The free touch-up after healing was quick and painless. Great to see a studio stand behind its work." },
  { id: "review-15", name: "Hannah J.", reviewCount: 4, photoCount: 1, rating: 5, date: "2025-01-21", text: "Tiny mountain line on my forearm, done in under two hours. She made sure the line was steady and even the whole way." },
  { id: "review-16", name: "Derek O.", reviewCount: 25, photoCount: 7, rating: 5, date: "2025-01-05", text: "Biomechanical pieces are hard to get right and Mara nailed it. The depth in the shading is wild." },
  { id: "review-17", name: "Grace N.", reviewCount: 12, photoCount: 2, rating: 5, date: "2024-12-16", text: "She talked me out of a placement that would have blurred over time and suggested a better one. That honesty is why I'll be back." },
  { id: "review-18", name: "Omar H.", reviewCount: 7, photoCount: 1, rating: 5, date: "2024-11-29", text: "Replied to my message within a day, booked me two weeks out and everything ran on time. Very organised studio." },
  { id: "review-19", name: "Rachel V.", reviewCount: 15, photoCount: 4, rating: 5, date: "2024-11-10", text: "The watercolour whale is my favourite thing I own. Colours are soft but still bright after healing.", artistResponse: "Thank you, Rachel! Keep it moisturised and out of the sun and it will stay that way." },
  { id: "review-20", name: "Ian S.", reviewCount: 20, photoCount: 5, rating: 5, date: "2024-10-24", text: "Celtic knotwork for my family's heritage, unbroken line and all. Mara researched the patterns before our session.", isLocalGuide: true },
];

export const testimonials: Testimonial[] = [...homeTestimonials, ...moreTestimonials];

/** The rating and count the site claims, computed from its own reviews rather than typed in. */
export const reviewSummary = {
  count: testimonials.length,
  average: testimonials.reduce((sum, review) => sum + review.rating, 0) / testimonials.length,
};
