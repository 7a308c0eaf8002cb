/** The measurements feature's public face: events, the client logger and the page's meters (plain code, no React). */
export { flushEvents, trackEvent } from "./analytics";
export { logger } from "./logger";
export { startMeasurements } from "./start";
