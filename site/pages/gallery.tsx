import { PageHero } from "../components/page-hero";

export function GalleryPage() {
  return (
    <div className="page">
      <PageHero page="gallery" eyebrow="46 pieces">
        <p>Realism, fine-line, traditional, Japanese, blackwork and cover-ups, each drawn for one client.</p>
      </PageHero>
    </div>
  );
}
