export { PersonalizedHeader as default } from "../features/personalization";
