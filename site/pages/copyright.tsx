import { PageHero } from "../components/page-hero";

export function CopyrightPage() {
  return (
    <div className="page">
      <PageHero page="copyright" eyebrow="Original artwork">
        <p>
          Every design on this site is original work. Here is what you may do with it, and how to report
          misuse.
        </p>
      </PageHero>
    </div>
  );
}
