import { StudioMap } from "../../../components/studio-map";
import { useFacts } from "../../../content/content-context";

/** Where the studio is, on a map and in words: the way there, parking and the door. */
export function Directions() {
  const { addressLine, studio } = useFacts();
  const { findingTheStudio } = studio;
  return (
    <section className="directions" aria-labelledby="directions-title">
      <h2 id="directions-title">Find the studio</h2>
      <StudioMap />
      <dl className="directions__facts">
        <div>
          <dt>Address</dt>
          <dd>
            <address>{addressLine}</address>
          </dd>
        </div>
        <div>
          <dt>Getting here</dt>
          <dd>{findingTheStudio.directions}</dd>
        </div>
        <div>
          <dt>Parking</dt>
          <dd>{findingTheStudio.parking}</dd>
        </div>
        <div>
          <dt>By train</dt>
          <dd>{findingTheStudio.transit}</dd>
        </div>
        <div>
          <dt>At the door</dt>
          <dd>{findingTheStudio.entrance}</dd>
        </div>
      </dl>
    </section>
  );
}
