import type { MouseEvent } from "react";
import type { HomepageCtaVariant } from "../../../shared/experiments";
import { useFacts } from "../../content/content-context";
import { homeCtaCopy } from "./home-cta-copy";
import "./experiments.css";

/** One variant of the home call to action; the control is what the prerendered page shows. */
export function CtaBlock({
  variant,
  onClick,
}: {
  variant: HomepageCtaVariant;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const text = homeCtaCopy(useFacts())[variant];
  return (
    <section
      className={`home-cta home-cta--${variant}`}
      aria-labelledby="home-cta-title"
      data-variant={variant}
    >
      <h2 id="home-cta-title">{text.heading}</h2>
      <p>{text.body}</p>
      <a className="button button--primary button--compact" href="/book-consultation" onClick={onClick}>
        {text.button}
      </a>
    </section>
  );
}
