import { Suspense } from "react";
import { Outlet } from "react-router";
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
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
