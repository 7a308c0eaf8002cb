/** The aftercare guide, with its tabs and tools: the page's one island. */
export { AftercareGuide } from "./aftercare-guide";
