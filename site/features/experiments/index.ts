/**
 * The experiments feature's public face: the A/B-tested call to action on the home page (server
 * markup) and the plain script that runs the test over it.
 */
export { HomeCallToAction } from "./cta-block";
export { startHomeCta } from "./home-cta";
