/** The aftercare page's interactive tools. */
export { CareTimer } from "./care-timer";
export { DailyChecklist } from "./daily-checklist";
export { UrlTabs } from "./url-tabs";
