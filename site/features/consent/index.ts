import { island } from "../../app/island";
import { PrivacyDataControls as DataControls } from "./privacy-data-controls";

/**
 * The consent feature's public face: what other parts of the site may use. Nothing personal
 * happens without the visitor's consent, so the other features ask here before they act. The
 * dialog is plain DOM code (startConsentDialog) over server markup (ConsentMarkup); only the
 * privacy policy's data controls and useConsent are React, for islands.
 */
export { startConsentDialog } from "./consent-dialog";
export { ConsentMarkup } from "./consent-markup";
export { type ConsentFeature, hasConsent, readSessionData, updateSessionData } from "./consent-store";
export { useConsent } from "./use-consent";
/** The data controls themselves, for their island module. */
export { DataControls as PrivacyDataControlsView };

/** The privacy policy's data controls: buttons, so an island, hydrated when scrolled near. */
export const PrivacyDataControls = island("privacy-data-controls", DataControls, "visible");
