export { PriceGuidePicker as default } from "../features/price-guide";
