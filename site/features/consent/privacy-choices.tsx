import { AfterHydration } from "../../components/after-hydration";

// Nothing of the dialog shows before the visitor has been on the page a moment (or asks for
// it), so its code loads after hydration, outside the JavaScript a page needs up front.
const loadConsentManager = () => import("./consent-manager").then((module) => module.ConsentManager);

/** The privacy dialog and its badge, on every page. */
export function PrivacyChoices() {
  return <AfterHydration load={loadConsentManager} />;
}
