import { Suspense } from "react";
import placeholders from "../../shared/content/image-placeholders.json";
import { portfolio, portfolioStyles, styleLabel } from "../../shared/content/portfolio";
import { studio } from "../../shared/studio";
import { ArtImage } from "../components/content/art-image";
import { PageHero } from "../components/page-hero";

const blur: Record<string, string> = placeholders;
const completed = portfolio.filter((item) => item.status === "completed").length;

/**
 * The portfolio as prerendered, readable list markup (search, filters, progressive loading and
 * the lightbox are added on top in their own issue). Each card's id is the gallery#tattoo-id
 * anchor used in the structured data.
 */
export function GalleryPage() {
  return (
    <div className="page">
      <PageHero page="gallery" eyebrow={`${portfolio.length} pieces`}>
        <p>
          Realism, fine-line, traditional, Japanese, blackwork, memorial pieces and cover-ups, each drawn for
          one client by {studio.artist.name}.
        </p>
      </PageHero>

      <ul className="stats stats--compact" aria-label="Portfolio at a glance">
        <li>
          <strong>{portfolio.length}</strong> <span>tattoos</span>
        </li>
        <li>
          <strong>{completed}</strong> <span>completed</span>
        </li>
        <li>
          <strong>{portfolioStyles.length}</strong> <span>styles</span>
        </li>
        <li>
          <strong>6-8 hours</strong> <span>average session time</span>
        </li>
        <li>
          <strong>{studio.claims.satisfaction}</strong> <span>satisfaction</span>
        </li>
      </ul>

      <p className="note">
        Photos of healed work are being shot now: each piece below shows placeholder artwork until its photo
        is ready.
      </p>

      <ul className="gallery-grid" aria-label="Portfolio pieces">
        {portfolio.map((item, index) => (
          // Each card hydrates in its own slice (see site-layout.tsx).
          <Suspense key={item.id} fallback={null}>
            <li id={item.id} className="art-card">
              <ArtImage
                id={item.id}
                folder="tattoo-images"
                alt={item.alt ?? item.title}
                sizes="(min-width: 1100px) 22rem, (min-width: 700px) 45vw, 92vw"
                placeholder={blur[item.id]}
                priority={index === 0}
              />
              <div className="art-card__body">
                <h2 className="art-card__title">{item.title}</h2>
                <p className="art-card__meta">
                  {styleLabel(item.style)} · {styleLabel(item.size)} · {item.duration}
                  {item.status === "in-progress" ? (
                    <span className="badge badge--muted">In progress</span>
                  ) : null}
                </p>
                <p>{item.description}</p>
              </div>
            </li>
          </Suspense>
        ))}
      </ul>
    </div>
  );
}
