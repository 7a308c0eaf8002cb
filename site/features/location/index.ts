/** The location feature's public face: the one service that knows where the visitor is. */
export { locationService } from "./location-service";
