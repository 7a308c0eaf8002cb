import { PageHero } from "../components/page-hero";

export function AboutPage() {
  return (
    <div className="page">
      <PageHero page="about" eyebrow="Mara Ellison, owner and artist">
        <p>Eight years, one chair, and a design process built around the person wearing it.</p>
      </PageHero>
    </div>
  );
}
