/** The personalization feature's public face: the home page's two consent-gated sections. */
export { PersonalGreeting, TattooIdeas } from "./home-personalization";
