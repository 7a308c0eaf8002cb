/**
 * The consent feature's public face: what other parts of the site may use. Nothing personal
 * happens without the visitor's consent, so the other features ask here before they act.
 */
export { openConsentDialog } from "./consent-events";
export { hasConsent, readSessionData, updateSessionData, useConsent } from "./consent-store";
export { PrivacyChoices } from "./privacy-choices";
export { PrivacyDataControls } from "./privacy-data-controls";
