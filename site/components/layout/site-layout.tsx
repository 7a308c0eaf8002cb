import { Outlet } from "react-router";
import { ConsentManager } from "../../features/consent/consent-manager";
import { MeasurementBootstrap } from "../../features/measurements/measurement-bootstrap";
import { usePageMeta } from "../../lib/use-page-meta";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function SiteLayout() {
  usePageMeta();
  return (
    <>
      <SiteHeader />
      <Breadcrumbs />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ConsentManager />
      <MeasurementBootstrap />
    </>
  );
}
