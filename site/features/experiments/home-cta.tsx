import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { HomepageCtaVariant } from "../../../shared/experiments";
import { studio } from "../../../shared/studio";
import { flushEvents } from "../measurements/analytics";
import { assignVariant, recordConversion, recordExposure } from "./ab-test";
import "./experiments.css";

const copy: Record<HomepageCtaVariant, { heading: string; body: string; button: string }> = {
  control: {
    heading: "Ready to start your tattoo?",
    body: `Tell ${studio.artist.firstName} your idea in a free consultation (${studio.claims.consultationMinutes}). Every request gets a reply within ${studio.claims.replyWithin}.`,
    button: "Book a free consultation",
  },
  "gold-journey": {
    heading: "Begin your gold journey",
    body: "From first sketch to final line: one artist, one design that exists nowhere else. It starts with a free consultation.",
    button: "Start my design journey",
  },
};

/** Delay before navigating, so the conversion beacon leaves first (shell-and-admin.md 9). */
const navigateAfterMs = 100;

/**
 * The A/B-tested call to action at the foot of the home page. The prerendered HTML shows the
 * control; the assignment is made after hydration, so the markup always matches.
 */
export function HomeCta() {
  const [variant, setVariant] = useState<HomepageCtaVariant>("control");
  const navigate = useNavigate();

  useEffect(() => {
    const assigned = assignVariant();
    setVariant(assigned);
    recordExposure(assigned);
  }, []);

  const text = copy[variant];
  return (
    <section
      className={`home-cta home-cta--${variant}`}
      aria-labelledby="home-cta-title"
      data-variant={variant}
    >
      <h2 id="home-cta-title">{text.heading}</h2>
      <p>{text.body}</p>
      <a
        className="gn-button gn-button--primary"
        href="/book-consultation"
        onClick={(event) => {
          event.preventDefault();
          recordConversion(variant);
          flushEvents();
          setTimeout(() => navigate("/book-consultation"), navigateAfterMs);
        }}
      >
        {text.button}
      </a>
    </section>
  );
}
