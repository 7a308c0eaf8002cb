import { notFoundPage } from "../../shared/routes";
import { Link } from "../components/link";

export function NotFoundPage() {
  return (
    <div className="page page--not-found">
      <header className="page-hero">
        <p className="eyebrow">Lost the trail</p>
        <h1>{notFoundPage.heading}</h1>
        <div className="page-hero__lede">
          <p>This page doesn't exist, or it has moved. These will get you back on track:</p>
        </div>
      </header>
      <div className="button-row button-row--center">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/gallery" className="button button--ghost">
          Browse the portfolio
        </Link>
      </div>
    </div>
  );
}
