/**
 * The consent feature's public face: what other parts of the site may use. Nothing personal
 * happens without the visitor's consent, so the other features ask here before they act. The
 * dialog and the privacy policy's data controls are plain DOM code (startConsentDialog,
 * startDataControls) over server markup (ConsentMarkup, PrivacyDataControls); useConsent is for
 * the islands that act with consent.
 */
export { startConsentDialog } from "./consent-dialog";
export { ConsentMarkup, ConsentStrip } from "./consent-markup";
export { type ConsentFeature, hasConsent, readSessionData, updateSessionData } from "./consent-store";
export { startDataControls } from "./data-controls";
export { PrivacyDataControls } from "./privacy-data-controls";
export { useConsent } from "./use-consent";
