import { bookingLabelFor, type Facts } from "../../shared/content-facts";
import { publicPages } from "../../shared/routes";
import { ArtImage } from "../components/content/art-image";
import { Stars } from "../components/content/stars";
import { styleLabel } from "../components/content/style-label";
import { TextList } from "../components/content/text-list";
import { FindUs } from "../components/home/find-us";
import { Specializations } from "../components/home/specializations";
import { Link } from "../components/link";
import { useFacts, useSection } from "../content/content-context";
import { HomeCallToAction } from "../features/experiments";
import { PersonalGreeting, TattooIdeas } from "../features/personalization";

const home = publicPages[0];

const standardsFor = ({ studio, touchUpWeeks }: Facts) => [
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

/** How many client stories home shows: the first of the list, in the artist's order. */
const homeTestimonialCount = 3;

export function HomePage() {
  const facts = useFacts();
  const { studio, booksOpen, streetName, walkInDaysLabel } = facts;
  const featuredPieces = useSection("portfolio").filter((piece) => piece.featured);
  const homeTestimonials = useSection("testimonials").slice(0, homeTestimonialCount);
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
              {bookingLabelFor(booksOpen)}
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
              image={hero.image}
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

      <PersonalGreeting />

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

      <TattooIdeas />

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

      <Specializations />

      <section className="section" aria-labelledby="standards-title">
        <p className="eyebrow">Professional standards</p>
        <h2 id="standards-title">The way every session runs</h2>
        <TextList className="check-list" items={standardsFor(facts)} />
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
          <TextList className="tag-list" items={popularStyles} />
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
                  image={piece.image}
                  alt={piece.alt ?? piece.title}
                  sizes="(min-width: 900px) 12rem, 30vw"
                  cssPlaceholder
                />
              </Link>
            ))}
          </div>
        </div>
      </section>

      <FindUs />

      <HomeCallToAction />
    </div>
  );
}
