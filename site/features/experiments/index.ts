/** The experiments feature's public face: the A/B-tested call to action on the home page. */
export { HomeCallToAction } from "./home-call-to-action";
