/** The dashboard's panels; the page in admin/pages/dashboard.tsx arranges them in tabs. */
export { ExperimentsPanel } from "./experiments-panel";
export { JourneyPanel } from "./journey-panel";
export { OverviewPanel } from "./overview-panel";
export { SeoPanel } from "./seo-panel";
export { SessionsPanel } from "./sessions-panel";
