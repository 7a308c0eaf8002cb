/** The measurements feature's public face: events, the client logger, and the page's meters. */
export { flushEvents, trackEvent } from "./analytics";
export { logger } from "./logger";
export { Measurements } from "./measurements";
