import { Link } from "react-router";
import { featuredPieces, styleLabel } from "../../shared/content/portfolio-featured";
import { homeTestimonials } from "../../shared/content/testimonials-home";
import { publicPages } from "../../shared/routes";
import {
  addressLine,
  prices,
  streetName,
  studio,
  stylePrices,
  telHref,
  touchUpWeeks,
  walkInDaysLabel,
} from "../../shared/studio";
import { ArtImage } from "../components/content/art-image";
import { Stars } from "../components/content/stars";
import { homeCtaCopy } from "../features/experiments/home-cta-copy";
import "../features/experiments/experiments.css";
// The feature stylesheet is part of the page's inlined CSS, so the static stand-ins below are
// styled from the first paint and nothing shifts when the features load.
import "../features/personalization/personalization.css";
import { AfterHydration } from "../components/after-hydration";

const home = publicPages[0];

// The greeting and the idea generator act only with consent, and their code (location service,
// AI client, schemas) would put the home page over its JavaScript budget: they load after
// hydration. Until then the prerendered page shows what a visitor without consent sees.
const loadGreeting = () =>
  import("../features/personalization/personalized-header").then((module) => module.PersonalizedHeader);
const loadIdeas = () =>
  import("../features/personalization/idea-generator").then((module) => module.IdeaGenerator);

const loadCta = () => import("../features/experiments/home-cta").then((module) => module.HomeCta);

/** The control variant, as every visitor first sees it; the A/B assignment happens after hydration. */
const controlCta = (
  <section className="home-cta home-cta--control" aria-labelledby="home-cta-title" data-variant="control">
    <h2 id="home-cta-title">{homeCtaCopy.control.heading}</h2>
    <p>{homeCtaCopy.control.body}</p>
    <a className="button button--primary button--compact" href="/book-consultation">
      {homeCtaCopy.control.button}
    </a>
  </section>
);

const basicGreeting = (
  <section className="greeting greeting--basic" aria-label="Welcome">
    <p className="greeting__text">Welcome to the studio! Let's create something meaningful together.</p>
    <p className="greeting__note">
      <span className="greeting__badge">Basic experience</span> Enabling personalization gives you a personal
      greeting and local details.{" "}
      <button type="button" className="greeting__link">
        Privacy choices
      </button>
    </p>
  </section>
);

const lockedIdeas = (
  <section className="ideas" aria-labelledby="ideas-title">
    <p className="ideas__eyebrow">Idea generator</p>
    <h2 id="ideas-title">Not sure where to start?</h2>
    <div className="ideas__locked">
      <p>
        The idea generator uses AI to sketch three concepts from a few words. It only runs if you turn on AI
        features in your privacy choices.
      </p>
      <button type="button" className="button button--ghost button--compact">
        Privacy choices
      </button>
    </div>
  </section>
);

const specializations = [
  {
    id: "traditional",
    title: "Traditional",
    summary: "Bold lines, a confident palette and designs built to read clearly for decades.",
    detail: `American traditional is the backbone of tattooing: swallows, roses, daggers, sacred hearts. ${studio.artist.firstName} draws each one fresh for you, keeping the heavy outlines and solid colour that make traditional work age so well.`,
    prices: [
      ["Small", stylePrices.traditional.small],
      ["Medium", stylePrices.traditional.medium],
      ["Large", stylePrices.traditional.large],
    ],
  },
  {
    id: "realism",
    title: "Realism",
    summary: "Portraits, animals and nature in black and grey or colour, shaded to feel alive.",
    detail:
      "Realism takes patience: smooth gradients, soft edges and careful contrast so the piece still reads in ten years. Larger realism is split across sessions so your skin can rest and the shading stays even.",
    prices: [
      ["Small", stylePrices.realism.small],
      ["Medium", stylePrices.realism.medium],
      ["Large", stylePrices.realism.large],
    ],
  },
  {
    id: "custom",
    title: "Custom design",
    summary: "One drawing, made for one person. Nothing from the wall, nothing repeated.",
    detail:
      "Every custom piece starts with a conversation about what it means to you, then sketches, then adjustments until it sits right on your body. The design is yours: it is never tattooed on anyone else.",
    prices: [
      ["Design", prices.customDesign.range],
      [prices.small.label, prices.small.range],
      [prices.medium.label, prices.medium.range],
      [prices.large.label, prices.large.range],
    ],
  },
  {
    id: "coverups",
    title: "Cover-ups",
    summary: "Old names, faded lines and regrets turned into work you are proud to show.",
    detail:
      "A good cover-up is planned around the old tattoo's darkest parts. We look at it together at a free consultation, talk honestly about what can hide it, and quote once we have seen it.",
    prices: [["Typical range", stylePrices.coverUps.range]],
  },
  {
    id: "mystical",
    title: "Mystical and spiritual",
    summary: "Mandalas, lotuses, sacred geometry and symbols that carry personal meaning.",
    detail:
      "Spiritual work is personal, so we take time to get the symbolism right: the number of petals, the direction of a moon, the flow of a mandala across the body.",
    prices: [
      ["Small", stylePrices.spiritual.small],
      ["Medium", stylePrices.spiritual.medium],
      ["Large", stylePrices.spiritual.large],
    ],
  },
];

const standards = [
  `Licensed and insured studio in ${studio.address.locality}, ${studio.address.regionName}`,
  "Single-use needles and ink caps, opened in front of you",
  "Hospital-grade disinfection and barrier film between every client",
  `Clients ${studio.claims.minimumAge} and over only, with government ID`,
  `Free touch-ups within ${touchUpWeeks} weeks of your session`,
  "Honest advice on size and placement, even when it means a smaller sale",
];

const popularStyles = [
  "Fine-line",
  "Black and grey realism",
  "Neo-traditional",
  "Japanese",
  "Geometric",
  "Memorial",
];

const directories = [
  {
    name: "Google Business Profile",
    href: `https://www.google.com/search?${new URLSearchParams({ q: `${studio.name} ${studio.address.locality} ${studio.address.region}` })}`,
  },
  {
    name: "Yelp",
    href: `https://www.yelp.com/search?${new URLSearchParams({ find_desc: studio.name, find_loc: `${studio.address.locality}, ${studio.address.region}` })}`,
  },
  { name: "Instagram", href: studio.social.instagram },
];

export function HomePage() {
  const hero = featuredPieces[0];
  return (
    <div className="page page--home">
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__text">
          <p className="eyebrow">
            {studio.address.locality}, {studio.address.regionName} · {studio.claims.experienceLabel}
          </p>
          <h1 id="home-title">{home.heading}</h1>
          <p className="hero__lede">
            {studio.name} is the private studio of {studio.artist.name}: one artist, one client at a time, and
            a design that exists nowhere else.
          </p>
          <div className="button-row">
            <Link to="/book-consultation" className="button button--primary">
              Book a free consultation
            </Link>
            <Link to="/gallery" className="button button--ghost">
              View the portfolio
            </Link>
          </div>
          <ul className="hero__facts" aria-label="Studio at a glance">
            <li>
              <strong>{studio.claims.rating.toFixed(1)}</strong> client rating
            </li>
            <li>
              <strong>{studio.claims.tattoosLabel.split(" ")[0]}</strong> tattoos
            </li>
            <li>
              <strong>{studio.claims.custom}</strong> custom
            </li>
          </ul>
        </div>
        {hero ? (
          <figure className="hero__art">
            <ArtImage
              id={hero.id}
              folder="tattoo-images"
              alt={hero.alt ?? hero.title}
              sizes="(min-width: 900px) 32rem, 92vw"
              cssPlaceholder
              priority
            />
            <figcaption>
              {hero.title} · {styleLabel(hero.style)}
            </figcaption>
          </figure>
        ) : null}
      </section>

      <AfterHydration load={loadGreeting} fallback={basicGreeting} />

      <section className="section split" aria-labelledby="artist-title">
        <div>
          <p className="eyebrow">Meet the artist</p>
          <h2 id="artist-title">{studio.artist.name}</h2>
        </div>
        <div>
          <p>
            For {studio.claims.experienceLabel} {studio.artist.firstName} has tattooed in and around{" "}
            {studio.address.locality}, first in busy street shops and now in her own private studio. She
            opened {studio.shortName} so that every client gets her full attention: no queue behind you, no
            flash sheet pushed across the counter, just a conversation and a drawing made for you.
          </p>
          <p>
            She is licensed and insured, works with single-use equipment, and has put{" "}
            {studio.claims.tattoosLabel} into the world, from first tiny wrist pieces to full memorial
            portraits.
          </p>
          <Link to="/about" className="text-link">
            Read {studio.artist.firstName}'s story
          </Link>
        </div>
      </section>

      <AfterHydration load={loadIdeas} fallback={lockedIdeas} />

      <section className="section philosophy" aria-labelledby="philosophy-title">
        <p className="eyebrow">Philosophy</p>
        <h2 id="philosophy-title">A tattoo is the only art you take everywhere</h2>
        <div className="columns-3">
          <div>
            <h3>Listen first</h3>
            <p>
              The design comes from your story, so every piece starts with a conversation, not a catalogue.
            </p>
          </div>
          <div>
            <h3>Draw for the body</h3>
            <p>
              Placement, flow and how skin ages all shape the drawing, so it looks right now and in twenty
              years.
            </p>
          </div>
          <div>
            <h3>Never repeat</h3>
            <p>
              Custom means custom. A design drawn for you is yours, and it is never tattooed on anyone else.
            </p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="specialties-title">
        <p className="eyebrow">Specializations</p>
        <h2 id="specialties-title">What {studio.artist.firstName} tattoos, and what it costs</h2>
        <p className="section__lede">
          Open a style to read more. Prices are typical ranges for that style; your exact quote comes at the
          free consultation.
        </p>
        <div className="accordion">
          {specializations.map((card) => (
            // Native exclusive disclosure: one card open at a time, keyboard operable and working
            // before hydration or with JavaScript off (public-site.md 4).
            <details
              key={card.id}
              name="home-specializations"
              className="accordion__item"
              id={`style-${card.id}`}
            >
              <summary className="accordion__summary">
                <span className="accordion__title">{card.title}</span>
                <span className="accordion__hint">{card.summary}</span>
              </summary>
              <div className="accordion__panel">
                <p>{card.detail}</p>
                <dl className="price-list">
                  {card.prices.map(([label, range]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{range}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </details>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="standards-title">
        <p className="eyebrow">Professional standards</p>
        <h2 id="standards-title">The way every session runs</h2>
        <ul className="check-list">
          {standards.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <p className="eyebrow">Client stories</p>
        <h2 id="testimonials-title">In their words</h2>
        <ul className="testimonials">
          {homeTestimonials.map((review) => (
            <li key={review.id} className="testimonial">
              <Stars rating={review.rating} />
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <p className="testimonial__name">{review.name}</p>
            </li>
          ))}
        </ul>
        <Link to="/reviews" className="text-link">
          Read every review
        </Link>
      </section>

      <section className="section split" aria-labelledby="popular-title">
        <div>
          <p className="eyebrow">Popular right now</p>
          <h2 id="popular-title">Styles clients ask for</h2>
          <ul className="tag-list">
            {popularStyles.map((style) => (
              <li key={style}>{style}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Tattoos for {studio.serviceArea.label}</h3>
          <p>
            The studio sits on {streetName} in {studio.address.locality}, an easy drive from{" "}
            {studio.serviceArea.towns.slice(1).join(", ")} and the wider DMV, within about{" "}
            {studio.serviceArea.radiusMiles} miles. Walk-ins are welcome {walkInDaysLabel} for small and flash
            pieces; custom work starts with a free consultation.
          </p>
          <div className="featured-strip">
            {featuredPieces.slice(1, 4).map((piece) => (
              <Link key={piece.id} to={`/gallery#${piece.id}`} className="featured-strip__item">
                <ArtImage
                  id={piece.id}
                  folder="tattoo-images"
                  alt={piece.alt ?? piece.title}
                  sizes="(min-width: 900px) 12rem, 30vw"
                  cssPlaceholder
                />
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="section citations" aria-labelledby="citations-title">
        <p className="eyebrow">Find us</p>
        <h2 id="citations-title">Listed as</h2>
        <p className="citations__nap">
          <strong>{studio.name}</strong>
          <br />
          {addressLine}
          <br />
          <a href={telHref}>{studio.phone.display}</a>
        </p>
        <ul className="citations__list">
          {directories.map((directory) => (
            <li key={directory.name}>
              <a href={directory.href} rel="noopener" target="_blank">
                {directory.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {/* The call-to-action block is the A/B test homepage_cta_primary (shell-and-admin.md 9). */}
      <AfterHydration load={loadCta} fallback={controlCta} />
    </div>
  );
}
