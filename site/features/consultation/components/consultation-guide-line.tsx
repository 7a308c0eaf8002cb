import {
  designPriceSentence,
  type GuideRow,
  guideSizes,
  placementFromText,
  priceGuide,
} from "../../../../shared/price-guide";
import { sizeOptionsFor } from "../../../../shared/schemas/consultation-fields";
import { useFacts, useSection } from "../../../content/content-context";
import { GuideLine } from "../../price-guide";

/**
 * What similar finished pieces took, for the size and placement the visitor picked: the line
 * under those fields (the form's live region around it is the form's). Loaded when a size is
 * first picked, so the form's first load does not carry it. The form's sizes are the guide's,
 * in the same order ("Not sure" has no figures). With a flash design attached the line states
 * that design's own price instead, whatever the size.
 */
export default function ConsultationGuideLine({
  guide,
  size,
  placement,
  designId,
}: {
  guide: GuideRow[];
  size: string;
  placement: string;
  designId: string;
}) {
  if (designId) return <DesignPriceLine designId={designId} />;
  return <GuideForSize guide={guide} size={size} placement={placement} />;
}

function GuideForSize({ guide, size, placement }: { guide: GuideRow[]; size: string; placement: string }) {
  const guideSize = guideSizes[sizeOptionsFor(useFacts().prices).indexOf(size)];
  if (!guideSize) return null;
  const answer = priceGuide(guide, { size: guideSize, placement: placementFromText(placement) });
  return <GuideLine answer={answer} id="consultation-guide" live={false} />;
}

/** The attached design's price; nothing for a design no longer on offer (its card says so). */
function DesignPriceLine({ designId }: { designId: string }) {
  const { prices } = useFacts();
  const design = useSection("flash").find((item) => item.id === designId && item.status === "available");
  if (!design) return null;
  return (
    <p className="price-guide__line" id="consultation-guide">
      <strong>{designPriceSentence(design.price, prices.flash.range)}</strong>
      <span className="price-guide__basis"> (confirmed at your consultation)</span>
    </p>
  );
}
