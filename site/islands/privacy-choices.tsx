export { PrivacyChoices as default } from "../features/consent/privacy-choices";
