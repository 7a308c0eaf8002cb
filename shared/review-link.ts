/**
 * Where a client leaves the studio a review. With the business listing's place id configured
 * (GOOGLE_PLACE_ID, the one the reviews page reads), Google's own "write a review" page for it;
 * without one, a Google search for the studio's reviews, as the reviews page links to.
 */
export function reviewLink(
  placeId: string | undefined,
  studio: { name: string; address: { locality: string; region: string } },
): string {
  if (placeId) return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
  return reviewsSearchUrl(studio);
}

/** A Google search for the studio's reviews. */
export const reviewsSearchUrl = (studio: { name: string; address: { locality: string; region: string } }) =>
  `https://www.google.com/search?q=${encodeURIComponent(`${studio.name} ${studio.address.locality} ${studio.address.region} reviews`)}`;
