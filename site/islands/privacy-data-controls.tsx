export { PrivacyDataControlsView as default } from "../features/consent";
