import type { ReactNode } from "react";

/**
 * What a visitor without consent sees: the prerendered page shows these before any code
 * loads, and the features show the same markup until consent is given, so hydration always
 * matches. Their 'Privacy choices' buttons open the dialog through the page's plain script
 * (data-open-privacy), so they work whether or not the feature's island ever loads.
 */

export function BasicGreeting() {
  return (
    <section className="greeting greeting--basic" aria-label="Welcome">
      <p className="greeting__text">Welcome to the studio! Let's create something meaningful together.</p>
      <p className="greeting__note">
        <span className="greeting__badge">Basic experience</span> Enabling personalization gives you a
        personal greeting and local details.{" "}
        <button type="button" className="greeting__link js-only" data-open-privacy>
          Privacy choices
        </button>
      </p>
    </section>
  );
}

export function IdeasSection({ children }: { children: ReactNode }) {
  return (
    <section className="ideas" aria-labelledby="ideas-title">
      <div className="ideas__intro">
        <p className="ideas__eyebrow">Idea generator</p>
        <h2 id="ideas-title">Not sure where to start?</h2>
        <p className="ideas__lede">
          A few words about a memory, a style or a place on the body become three tattoo concepts. Take any of
          them straight into your consultation request.
        </p>
      </div>
      {children}
    </section>
  );
}

export function LockedIdeas() {
  return (
    <div className="ideas__locked">
      <p>
        The generator writes its ideas with AI, so it only runs if you turn on AI features in your privacy
        choices.
      </p>
      <button type="button" className="button button--ghost button--compact js-only" data-open-privacy>
        Privacy choices
      </button>
    </div>
  );
}
