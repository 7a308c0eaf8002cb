import { Suspense } from "react";
import { flashDesigns } from "../../shared/content/flash";
import placeholders from "../../shared/content/image-placeholders.json";
import { styleLabel } from "../../shared/content/portfolio-featured";
import { prices, studio, telHref } from "../../shared/studio";
import { ArtImage } from "../components/content/art-image";
import { PageHero } from "../components/page-hero";

const blur: Record<string, string> = placeholders;

/** The flash sheet as prerendered list markup (search and category filters come in their own issue). */
export function FlashPage() {
  return (
    <div className="page">
      <PageHero page="flash" eyebrow={`${flashDesigns.length} designs, ${prices.flash.range}`}>
        <p>
          Ready-to-tattoo designs drawn in the studio. Each one is tattooed once, as drawn or adapted to you.
          To claim one, <a href={telHref}>call {studio.phone.display}</a> to schedule a consultation.
        </p>
      </PageHero>
      <ul className="flash-grid" aria-label="Flash designs">
        {flashDesigns.map((design, index) => (
          // Each card hydrates in its own slice (see site-layout.tsx).
          <Suspense key={design.id} fallback={null}>
            <li id={design.id} className="art-card art-card--flash">
              <ArtImage
                id={design.id}
                folder="flash"
                alt={`${design.title}, ${design.category} flash design in ${styleLabel(design.style)} style`}
                sizes="(min-width: 1100px) 16rem, (min-width: 700px) 30vw, 46vw"
                placeholder={blur[design.id]}
                priority={index === 0}
              />
              <div className="art-card__body">
                <h2 className="art-card__title">{design.title}</h2>
                <p className="art-card__meta">
                  {styleLabel(design.category)} · {styleLabel(design.style)}
                </p>
                {design.available ? <span className="badge">Available</span> : null}
              </div>
            </li>
          </Suspense>
        ))}
      </ul>
    </div>
  );
}
