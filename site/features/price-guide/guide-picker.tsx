import { useState } from "react";
import { type PlacementArea, placementAreas, placementLabel } from "../../../shared/placement-areas";
import { type GuideRow, type GuideSize, guideSizes, priceGuide } from "../../../shared/price-guide";
import { GuideLine } from "./guide-line";
import "./price-guide.css";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const styleLabel = (style: string) => capitalised(style).replace(/-/g, " ");

/**
 * Size, placement and style to pick, and the guide's line for them, computed in the browser
 * from the small table the server put in the props. Hidden without JavaScript (js-only): the
 * table beside it answers by size then.
 */
export function PriceGuidePicker({ table }: { table: GuideRow[] }) {
  const [size, setSize] = useState<GuideSize>("medium");
  const [placement, setPlacement] = useState<PlacementArea | "">("");
  const [style, setStyle] = useState("");
  const styles = [...new Set(table.map((row) => row[2]))].sort();
  const answer = priceGuide(table, { size, placement: placement || undefined, style: style || undefined });
  return (
    <fieldset className="price-guide__picker js-only">
      <legend>Narrow it down</legend>
      <div className="price-guide__selects">
        <div className="price-guide__field">
          <label htmlFor="guide-size">Size</label>
          <select
            id="guide-size"
            className="form-control form-control--select"
            value={size}
            onChange={(e) => setSize(e.target.value as GuideSize)}
          >
            {guideSizes.map((s) => (
              <option key={s} value={s}>
                {capitalised(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="price-guide__field">
          <label htmlFor="guide-placement">Placement</label>
          <select
            id="guide-placement"
            className="form-control form-control--select"
            value={placement}
            onChange={(e) => setPlacement(e.target.value as PlacementArea | "")}
          >
            <option value="">Anywhere</option>
            {placementAreas.map((area) => (
              <option key={area} value={area}>
                {placementLabel(area)}
              </option>
            ))}
          </select>
        </div>
        <div className="price-guide__field">
          <label htmlFor="guide-style">Style</label>
          <select
            id="guide-style"
            className="form-control form-control--select"
            value={style}
            onChange={(e) => setStyle(e.target.value)}
          >
            <option value="">Any style</option>
            {styles.map((s) => (
              <option key={s} value={s}>
                {styleLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <GuideLine answer={answer} />
    </fieldset>
  );
}
