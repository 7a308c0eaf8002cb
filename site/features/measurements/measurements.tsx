import { AfterHydration } from "../../components/after-hydration";

// The meters start once the page is interactive, so their code stays out of what a page
// needs up front.
const loadMeasurements = () =>
  import("./measurement-bootstrap").then((module) => module.MeasurementBootstrap);

/** The site's own anonymous measurements, on every page. Renders nothing. */
export function Measurements() {
  return <AfterHydration load={loadMeasurements} />;
}
