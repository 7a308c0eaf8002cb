import { AfterHydration } from "../../components/after-hydration";
import { CtaBlock } from "./cta-block";

// Every visitor first sees the control; the A/B assignment happens after hydration, so the
// markup always matches the prerendered page.
const loadCta = () => import("./home-cta").then((module) => module.HomeCta);

/** The A/B-tested call to action at the foot of the home page. */
export function HomeCallToAction() {
  return <AfterHydration load={loadCta} fallback={<CtaBlock variant="control" />} />;
}
