import type { Review } from "../schemas/reviews";

/**
 * The three saved reviews shown when the live listing cannot be reached or is not configured;
 * the reviews page then labels its source `cached`, so they are never passed off as live.
 */
export const fallbackReviews: readonly Review[] = [
  {
    id: "fallback-1",
    author: "Keisha M.",
    rating: 5,
    text: "Mara turned a rough idea about my grandmother's garden into the most delicate botanical piece. She listened, sketched twice until it was right, and it healed perfectly.",
    date: "",
    verified: true,
    profilePhotoUrl: null,
  },
  {
    id: "fallback-2",
    author: "Daniel R.",
    rating: 5,
    text: "Clean, calm studio and an artist who explains every step. My cover-up is unrecognisable from the old tattoo. Worth every minute in the chair.",
    date: "",
    verified: true,
    profilePhotoUrl: null,
  },
  {
    id: "fallback-3",
    author: "Sofia L.",
    rating: 5,
    text: "First tattoo and I was nervous. The consultation put me at ease, pricing was clear up front, and the fine-line work is sharper than I imagined.",
    date: "",
    verified: true,
    profilePhotoUrl: null,
  },
];
