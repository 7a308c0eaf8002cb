import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useSection } from "../content/content-context";

export function GoogleIndexInfoPage() {
  const portfolio = useSection("portfolio");
  return (
    <div className="page page--legal">
      <PageHero page="google-index-info" eyebrow="For search engines">
        <p>Some pages are kept out of search results on purpose. Here is why, and where to go instead.</p>
      </PageHero>
      <div className="prose">
        <h2>Pages we keep out of search on purpose</h2>
        <ul>
          <li>The studio's private admin area, which only the artist can sign in to.</li>
          <li>Utility pages such as this one, which are useful only when you land on them.</li>
          <li>Addresses that no longer exist: they show a "page not found" screen instead.</li>
        </ul>
        <h2>Why a public page may be missing for a while</h2>
        <p>
          Search engines visit new and updated pages on their own schedule, so a fresh page can take days or
          weeks to appear. Every public page of this site is listed in our sitemap and carries its own title,
          description and canonical address, so it is ready whenever they call.
        </p>
        <h2>Where to go instead</h2>
        <ul className="link-list">
          <li>
            <Link to="/">The home page</Link>, with the studio's story and specializations
          </li>
          <li>
            <Link to="/gallery">The portfolio</Link> of {portfolio.length} custom pieces
          </li>
          <li>
            <Link to="/contact">Contact details</Link> and opening hours
          </li>
        </ul>
      </div>
    </div>
  );
}
