/** The personalization feature's public face: the home page's two consent-gated sections. */
export { PersonalGreeting, TattooIdeas } from "./home-personalization";
/** The components themselves, for their island modules. */
export { IdeaGenerator } from "./idea-generator";
export { PersonalizedHeader } from "./personalized-header";
