import { flushEvents } from "../measurements";
import { assignVariant, recordConversion, recordExposure } from "./ab-test";

/** Delay before navigating, so the conversion beacon leaves first. */
const navigateAfterMs = 100;

/**
 * Runs the home call-to-action test over the server's markup (cta-block.tsx): assigns the
 * visitor's variant, shows its words, records the exposure, and records a click as a conversion
 * before following the link.
 */
export function startHomeCta(section: HTMLElement): void {
  const variant = assignVariant();
  if (variant !== "control") {
    const copy = JSON.parse(section.dataset.copy ?? "{}") as {
      heading: string;
      body: string;
      button: string;
    };
    section.classList.replace("home-cta--control", `home-cta--${variant}`);
    section.dataset.variant = variant;
    const [heading, body, button] = [
      section.querySelector("h2"),
      section.querySelector("p"),
      section.querySelector("a"),
    ];
    if (heading) heading.textContent = copy.heading;
    if (body) body.textContent = copy.body;
    if (button) button.textContent = copy.button;
  }
  recordExposure(variant);
  section.querySelector("a")?.addEventListener("click", (event) => {
    event.preventDefault();
    recordConversion(variant);
    flushEvents();
    setTimeout(() => window.location.assign("/book-consultation"), navigateAfterMs);
  });
}
