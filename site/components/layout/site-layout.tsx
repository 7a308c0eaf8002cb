import type { ReactNode } from "react";
import { pageByPath } from "../../../shared/routes";
import { usePath } from "../../app/path-context";
import { ConsentMarkup, ConsentStrip } from "../../features/consent";
import { AnnouncementBar } from "./announcement-bar";
import { Breadcrumbs } from "./breadcrumbs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Every public page: header, the privacy strip, the studio's announcement if any, breadcrumbs,
 * the page, footer, and the privacy dialog's markup,
 * which the page's plain script (site/main.ts) drives. A path that is not one of the site's pages
 * (the not-found page) says so on its main element, so the measurements send nothing for it.
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
      <ConsentMarkup />
    </>
  );
}
