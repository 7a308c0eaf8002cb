import { PageHero } from "../components/page-hero";

export function GoogleIndexInfoPage() {
  return (
    <div className="page">
      <PageHero page="google-index-info" eyebrow="For search engines">
        <p>Some pages are kept out of search results on purpose. Here is why, and where to go instead.</p>
      </PageHero>
    </div>
  );
}
