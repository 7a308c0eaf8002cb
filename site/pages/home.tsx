import { Link } from "react-router";
import { publicPages } from "../../shared/routes";
import { studio } from "../../shared/studio";
import { HomeCta } from "../features/experiments/home-cta";
import { IdeaGenerator } from "../features/personalization/idea-generator";
import { PersonalizedHeader } from "../features/personalization/personalized-header";

const home = publicPages[0];

export function HomePage() {
  return (
    <div className="page page--home">
      <section className="hero" aria-labelledby="home-title">
        <p className="eyebrow">
          {studio.address.locality}, {studio.address.regionName} · {studio.claims.experienceLabel}
        </p>
        <h1 id="home-title">{home.heading}</h1>
        <p className="hero__lede">
          {studio.name} is the private studio of {studio.artist.name}: one artist, one client at a time, and a
          design that exists nowhere else.
        </p>
        <div className="button-row">
          <Link to="/book-consultation" className="button button--primary">
            Book a free consultation
          </Link>
          <Link to="/gallery" className="button button--ghost">
            View the portfolio
          </Link>
        </div>
        <PersonalizedHeader />
      </section>
      <IdeaGenerator />
      <HomeCta />
    </div>
  );
}
