/** The price guide: what similar finished pieces took, from the published portfolio's figures. */
export { GuideLine } from "./guide-line";
export { PriceGuidePicker } from "./guide-picker";
export { PriceGuideTable } from "./guide-table";
