import { type GuideRow, guideSizes, placementFromText, priceGuide } from "../../../../shared/price-guide";
import { sizeOptionsFor } from "../../../../shared/schemas/consultation-fields";
import { useFacts } from "../../../content/content-context";
import { GuideLine } from "../../price-guide";

/**
 * What similar finished pieces took, for the size and placement the visitor picked: the line
 * under those fields (the form's live region around it is the form's). Loaded when a size is
 * first picked, so the form's first load does not carry it. The form's sizes are the guide's,
 * in the same order ("Not sure" has no figures).
 */
export default function ConsultationGuideLine({
  guide,
  size,
  placement,
}: {
  guide: GuideRow[];
  size: string;
  placement: string;
}) {
  const guideSize = guideSizes[sizeOptionsFor(useFacts().prices).indexOf(size)];
  if (!guideSize) return null;
  const answer = priceGuide(guide, { size: guideSize, placement: placementFromText(placement) });
  return <GuideLine answer={answer} id="consultation-guide" live={false} />;
}
