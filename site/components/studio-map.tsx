import { directionsHref, findingTheStudio, streetName, studio } from "../../shared/studio";

/**
 * The studio's map: a drawing the build writes from the studio's facts (scripts/lib/studio-map.mjs),
 * served by the site itself, so showing it asks no map provider for anything. Its size is
 * reserved, so nothing below moves when it arrives.
 */
export function StudioMap() {
  return (
    <figure className="studio-map">
      <img
        className="studio-map__image"
        src="/studio-map.svg"
        width={800}
        height={500}
        loading="lazy"
        decoding="async"
        alt={`Map: ${studio.shortName} on ${streetName} in ${findingTheStudio.neighbourhood}, between ${findingTheStudio.highway} and the ${findingTheStudio.station}.`}
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
