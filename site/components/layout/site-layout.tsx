import { Suspense } from "react";
import { Outlet } from "react-router";
import { PrivacyChoices } from "../../features/consent";
import { Measurements } from "../../features/measurements";
import { usePageMeta } from "../../lib/use-page-meta";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Each region sits in its own Suspense boundary. Nothing in the header or footer suspends: the
 * boundaries let React hydrate the prerendered regions one by one in short, interruptible
 * slices instead of one long task, which keeps the main thread free for input (total blocking
 * time). The page's own boundary also covers loading a page's chunk on client navigation.
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
      <PrivacyChoices />
      <Measurements />
    </>
  );
}
