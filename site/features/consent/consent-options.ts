import { type ConsentFeature, essentialOnly, type FeatureFlags } from "./consent-store";

/** How long notices stay, and how long after saving chosen features the page reloads. */
export const consentTimings = {
  noticeMs: 3000,
  reloadAfterMs: 1500,
} as const;

/** What each switch in the dialog is called and what it allows, in the visitor's words. */
export const featureText: Record<ConsentFeature, { label: string; description: string }> = {
  privacy: {
    label: "Essential privacy",
    description: "Keeps the site working and remembers these choices. Always on.",
  },
  location: {
    label: "Location",
    description:
      "Your approximate town, to greet you and show your distance from the studio. Your browser asks first.",
  },
  personalization: {
    label: "Personalization",
    description: "A greeting shaped by the pages you visit. Kept in this browser tab for 24 hours at most.",
  },
  ai: {
    label: "AI features",
    description:
      "The tattoo idea generator. What you type is sent to write ideas and is not stored on our side.",
  },
};

export const presets: { name: string; features: FeatureFlags }[] = [
  {
    name: "Enable All Features",
    features: { privacy: true, location: true, personalization: true, ai: true },
  },
  {
    name: "Recommended Settings",
    features: { privacy: true, location: true, personalization: true, ai: false },
  },
  { name: "Privacy First", features: essentialOnly },
];
