import type { ReactNode } from "react";
import { pageByPath } from "../../../shared/routes";
import { usePath } from "../../app/path-context";
import { ConsentStrip } from "../../features/consent";
import { AnnouncementBar } from "./announcement-bar";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Every public page: header, the privacy strip, the studio's announcement if any, breadcrumbs,
 * the page and footer. The privacy dialog is not in the page: the page's plain script fetches
 * its markup once the page has painted (consent-dialog.ts). A path that is not one of the site's
 * pages (the not-found page) says so on its main element, so the measurements send nothing for it.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const notAPage = pageByPath(usePath()) === undefined;
  return (
    <>
      <SiteHeader />
      <ConsentStrip />
      <AnnouncementBar />
      <Breadcrumbs />
      <main id="main" tabIndex={-1} data-not-a-page={notAPage ? "" : undefined}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
