import { useState } from "react";
import { type PlacementArea, placementAreas, placementLabel } from "../../../shared/placement-areas";
import { type GuideRow, type GuideSize, guideSizes, priceGuide } from "../../../shared/price-guide";
import { GuideLine } from "./guide-line";
import "./price-guide.css";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const styleLabel = (style: string) => capitalised(style).replace(/-/g, " ");

/** One labelled choice of the picker; `anyLabel` heads the list with a choice of no value. */
function GuideSelect<Value extends string>({
  id,
  label,
  value,
  onChange,
  anyLabel,
  options,
  optionLabel,
}: {
  id: string;
  label: string;
  value: Value | "";
  onChange: (value: Value | "") => void;
  anyLabel?: string;
  options: readonly Value[];
  optionLabel: (value: Value) => string;
}) {
  return (
    <div className="price-guide__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="form-control form-control--select"
        value={value}
        onChange={(e) => onChange(e.target.value as Value | "")}
      >
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

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
        <GuideSelect
          id="guide-size"
          label="Size"
          value={size}
          // Every size is a choice of its own: the list has no empty one to pick.
          onChange={(value) => setSize(value as GuideSize)}
          options={guideSizes}
          optionLabel={capitalised}
        />
        <GuideSelect
          id="guide-placement"
          label="Placement"
          value={placement}
          onChange={setPlacement}
          anyLabel="Anywhere"
          options={placementAreas}
          optionLabel={placementLabel}
        />
        <GuideSelect
          id="guide-style"
          label="Style"
          value={style}
          onChange={setStyle}
          anyLabel="Any style"
          options={styles}
          optionLabel={styleLabel}
        />
      </div>
      <GuideLine answer={answer} />
    </fieldset>
  );
}
