import { placementAreas } from "../../../../shared/placement-areas";
import {
  type GuideRow,
  guideSizes,
  placementFromText,
  placementLabel,
  priceGuide,
} from "../../../../shared/price-guide";
import { sizeOptionsFor } from "../../../../shared/schemas/consultation-fields";
import { useFacts } from "../../../content/content-context";
import { GuideLine } from "../../price-guide";

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

/**
 * What similar finished pieces took, for the size and placement the visitor picked, under those
 * fields. The form's sizes are the guide's, in the same order ("Not sure" has no figures).
 */
export function ConsultationGuide({
  guide,
  size,
  placement,
}: {
  guide: GuideRow[];
  size: string;
  placement: string;
}) {
  const index = sizeOptionsFor(useFacts().prices).indexOf(size);
  const guideSize = guideSizes[index];
  if (!guideSize) return <div className="price-guide__slot" aria-live="polite" />;
  const answer = priceGuide(guide, { size: guideSize, placement: placementFromText(placement) });
  return (
    <div className="price-guide__slot" aria-live="polite">
      <GuideLine answer={answer} id="consultation-guide" live={false} />
    </div>
  );
}
