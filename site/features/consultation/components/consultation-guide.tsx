import { placementAreas, placementLabel } from "../../../../shared/placement-areas";

export const placementListId = "consultation-placements";

/** The placements the guide knows, offered while typing; "Other" or any text stays valid. */
export function PlacementSuggestions() {
  return (
    <datalist id={placementListId}>
      {placementAreas.map((area) => (
        <option key={area} value={placementLabel(area)} />
      ))}
    </datalist>
  );
}
