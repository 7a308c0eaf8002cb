import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { HomepageCtaVariant } from "../../../shared/experiments";
import { flushEvents } from "../measurements/analytics";
import { assignVariant, recordConversion, recordExposure } from "./ab-test";
import { homeCtaCopy as copy } from "./home-cta-copy";
import "./experiments.css";

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
        className="button button--primary button--compact"
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
