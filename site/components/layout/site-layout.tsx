import { Suspense } from "react";
import { Outlet } from "react-router";
import { PrivacyChoices } from "../../features/consent";
import { Measurements } from "../../features/measurements";
import { AfterHydration } from "../after-hydration";
import { Breadcrumbs } from "./breadcrumbs";
import { PageContentLoader } from "./page-content-loader";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// The first page arrives with its head complete; only client navigations need it kept in step.
const loadPageMeta = () => import("./page-meta").then((module) => module.PageMeta);

/**
 * Each region sits in its own Suspense boundary. Nothing in the header or footer suspends: the
 * boundaries let React hydrate the prerendered regions one by one in short, interruptible
 * slices instead of one long task, which keeps the main thread free for input (total blocking
 * time). The page's own boundary also covers loading a page's chunk, and its content when the
 * page before it did not carry it, on client navigation.
 */
export function SiteLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <Breadcrumbs />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <PageContentLoader>
            <Outlet />
          </PageContentLoader>
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <AfterHydration load={loadPageMeta} />
      <PrivacyChoices />
      <Measurements />
    </>
  );
}
