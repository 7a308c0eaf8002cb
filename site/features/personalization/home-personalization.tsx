import { AfterHydration } from "../../components/after-hydration";
import { BasicGreeting, IdeasSection, LockedIdeas } from "./stand-ins";
// The stylesheet is part of the home page's inlined CSS, so the stand-ins are styled from the
// first paint and nothing shifts when the features load.
import "./personalization.css";

// Both act only with consent, and their code (location service, AI client) would put the home
// page over its JavaScript budget: it loads after hydration.
const loadGreeting = () => import("./personalized-header").then((module) => module.PersonalizedHeader);
const loadIdeas = () => import("./idea-generator").then((module) => module.IdeaGenerator);

/** The home page's greeting: basic until the visitor allows personalization. */
export function PersonalGreeting() {
  return <AfterHydration load={loadGreeting} fallback={<BasicGreeting />} />;
}

/** The home page's AI idea generator: locked until the visitor allows AI features. */
export function TattooIdeas() {
  return (
    <AfterHydration
      load={loadIdeas}
      fallback={
        <IdeasSection>
          <LockedIdeas />
        </IdeasSection>
      }
    />
  );
}
