/** The price guide: what similar finished pieces took, from the published portfolio's figures. */
export { PriceGuidePicker } from "./guide-picker";
export { PriceGuideTable } from "./guide-table";
