import { useFacts } from "../content/content-context";

/**
 * The studio's map: a drawing the build writes from the studio's facts (scripts/lib/studio-map.mjs),
 * served by the site itself, so showing it asks no map provider for anything. Its size is
 * reserved, so nothing below moves when it arrives. It loads at low priority rather than lazily:
 * it is 3 KB of SVG, and loaded lazily it drew a DevTools issue in Chromium (LazyLoadImageIssue),
 * which the browser tests count as a failure. It names only the landmarks: the directions'
 * sentences stay with the contact page, out of the home page's script.
 */
export function StudioMap() {
  const { studio, streetName, studioLandmarks, directionsHref } = useFacts();
  return (
    <figure className="studio-map">
      <img
        className="studio-map__image"
        src="/studio-map.svg"
        width={800}
        height={500}
        decoding="async"
        fetchPriority="low"
        alt={`Map: ${studio.shortName} on ${streetName} in ${studioLandmarks.neighbourhood}, between ${studioLandmarks.highway} and the ${studioLandmarks.station}.`}
      />
      <figcaption className="studio-map__caption">
        <a
          className="button button--ghost button--small"
          href={directionsHref}
          rel="noopener noreferrer"
          target="_blank"
        >
          Get directions
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
