import type { ReactNode } from "react";
import { island } from "../../app/island";
import { PrivacyChoices } from "../../features/consent";
import { Measurements } from "../../features/measurements";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

const PrivacyChoicesIsland = island("privacy-choices", PrivacyChoices, "idle");
const MeasurementsIsland = island("measurements", Measurements, "idle");

/** Every public page: header, breadcrumbs, the page, footer, and the site-wide islands. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <Breadcrumbs />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <PrivacyChoicesIsland />
      <MeasurementsIsland />
    </>
  );
}
