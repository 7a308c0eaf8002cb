/**
 * The three fixed testimonials on the home page, kept in their own module so the home page does
 * not carry all twenty in its JavaScript. shared/content/testimonials.ts holds the full list,
 * these three first.
 */

export interface Testimonial {
  id: string;
  name: string;
  reviewCount: number;
  photoCount: number;
  rating: number;
  /** A calendar date (YYYY-MM-DD). */
  date: string;
  text: string;
  artistResponse?: string;
  isLocalGuide?: boolean;
  priceRange?: string;
}

// biome-ignore format: one review per line
export const homeTestimonials: Testimonial[] = [
  { id: "review-01", name: "Danielle R.", reviewCount: 14, photoCount: 3, rating: 5, date: "2025-09-20", text: "Mara turned a rough idea about my grandfather's compass into something I could never have pictured myself. She asked about him for twenty minutes before she drew a single line. Healed perfectly.", artistResponse: "Thank you, Danielle. It was an honour to draw something so personal.", priceRange: "$300-600" },
  { id: "review-03", name: "Priya S.", reviewCount: 6, photoCount: 1, rating: 5, date: "2025-08-18", text: "My first tattoo and I was nervous. Mara explained every step, the consultation was free and she never rushed me. I left with exactly the fine-line flowers I wanted.", priceRange: "$150-300" },
  { id: "review-04", name: "Jordan K.", reviewCount: 22, photoCount: 5, rating: 5, date: "2025-08-01", text: "Came in for a cover-up of a name I'd rather forget. Mara found a design that hides it completely, and you would never know anything was there.", artistResponse: "Cover-ups are some of my favourite puzzles. Enjoy the new peonies!" },
];
