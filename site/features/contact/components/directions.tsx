import { type Term, TermList } from "../../../components/content/term-list";
import { StudioMap } from "../../../components/studio-map";
import { useFacts } from "../../../content/content-context";

/** Where the studio is, on a map and in words: the way there, parking and the door. */
export function Directions() {
  const { addressLine, studio } = useFacts();
  const { findingTheStudio } = studio;
  const facts: Term[] = [
    ["Address", <address key="address">{addressLine}</address>],
    ["Getting here", findingTheStudio.directions],
    ["Parking", findingTheStudio.parking],
    ["By train", findingTheStudio.transit],
    ["At the door", findingTheStudio.entrance],
  ];
  return (
    <section className="directions" aria-labelledby="directions-title">
      <h2 id="directions-title">Find the studio</h2>
      <StudioMap />
      <TermList className="directions__facts" terms={facts} />
    </section>
  );
}
