import { useEffect, useState } from "react";
import type { HomepageCtaVariant } from "../../../shared/experiments";
import { flushEvents } from "../measurements";
import { assignVariant, recordConversion, recordExposure } from "./ab-test";
import { CtaBlock } from "./cta-block";

/** Delay before navigating, so the conversion beacon leaves first. */
const navigateAfterMs = 100;

/**
 * The A/B-tested call to action at the foot of the home page. The prerendered HTML shows the
 * control; the assignment is made after hydration, so the markup always matches.
 */
export function HomeCta() {
  const [variant, setVariant] = useState<HomepageCtaVariant>("control");

  useEffect(() => {
    const assigned = assignVariant();
    setVariant(assigned);
    recordExposure(assigned);
  }, []);

  return (
    <CtaBlock
      variant={variant}
      onClick={(event) => {
        event.preventDefault();
        recordConversion(variant);
        flushEvents();
        setTimeout(() => window.location.assign("/book-consultation"), navigateAfterMs);
      }}
    />
  );
}
