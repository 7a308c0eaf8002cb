import { Suspense } from "react";
import { Outlet } from "react-router";
import { usePageMeta } from "../../lib/use-page-meta";
import { AfterHydration } from "../after-hydration";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// Neither renders anything before the visitor acts, so their code loads after hydration.
const loadConsentManager = () =>
  import("../../features/consent/consent-manager").then((module) => module.ConsentManager);
const loadMeasurements = () =>
  import("../../features/measurements/measurement-bootstrap").then((module) => module.MeasurementBootstrap);

/**
 * Each region sits in its own Suspense boundary. Nothing in the header or footer suspends: the
 * boundaries let React hydrate the prerendered regions one by one in short, interruptible
 * slices instead of one long task, which keeps the main thread free for input (TBT, issue 4
 * item 8). The page's own boundary also covers loading a page's chunk on client navigation.
 */
export function SiteLayout() {
  usePageMeta();
  return (
    <>
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <Breadcrumbs />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <AfterHydration load={loadConsentManager} />
      <AfterHydration load={loadMeasurements} />
    </>
  );
}
