import { visibleContent } from "../../../shared/content/visible";
import { ApiError } from "../../platform/api-error";
import { contentFromModules } from "../content/seed";
import { latestPublishedContent } from "../content/service";

/**
 * A request made from "Book this design" names a design; it must be one a visitor can book right
 * now: on the published sheet, visible and available. A claimed one-off may have gone between
 * the page loading and the form being sent, so the message says what to do instead.
 */
export async function assertBookableFlashDesign(db: D1Database, designId: string | null | undefined) {
  if (!designId) return;
  // Before the artist's first publish the site shows the content the build shipped with.
  const content = visibleContent((await latestPublishedContent(db))?.content ?? contentFromModules());
  const design = content.flash.find((item) => item.id === designId);
  const problem = !design
    ? "This design is no longer on the flash sheet. Remove it and describe your idea instead."
    : design.status !== "available"
      ? `"${design.title}" has been claimed. Remove it and ask for something similar instead.`
      : null;
  if (problem) {
    throw new ApiError(400, "Some fields need attention.", {
      code: "validation",
      fields: { flashDesign: problem },
    });
  }
}
