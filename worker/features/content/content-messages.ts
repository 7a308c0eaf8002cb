import { type ContentSectionName, isContentSectionName } from "../../../shared/schemas/content";
import { fieldErrors } from "../../../shared/schemas/fields";
import { ApiError } from "../../platform/api-error";
import { studioStamp } from "../../platform/studio-clock";

// What the content API says when it refuses: in the artist's words, naming the section, the
// person and the time, so she knows what happened and what to do next.

/** Each section as a sentence names it (and whether that reads as plural), and its heading in the editor. */
const sectionNames: Record<ContentSectionName, [name: string, plural: boolean, heading: string]> = {
  studio: ["The studio's details", true, "Studio"],
  hours: ["Hours", true, "Hours"],
  prices: ["Prices", true, "Prices"],
  policies: ["Policies", true, "Policies"],
  portfolio: ["The portfolio", false, "Portfolio"],
  flash: ["Flash designs", true, "Flash"],
  testimonials: ["Testimonials", true, "Testimonials"],
  faq: ["The FAQ", false, "FAQ"],
  announcement: ["The announcement", false, "Announcement"],
  booking: ["Booking", false, "Booking"],
};

export function staleSave(
  section: ContentSectionName,
  saved: { updatedAt: string; updatedBy: string },
): never {
  const at = studioStamp(saved.updatedAt);
  const [name, plural] = sectionNames[section];
  throw new ApiError(
    409,
    `${name} ${plural ? "were" : "was"} saved by ${saved.updatedBy} at ${at} in another tab or device. Reload to see their version; your changes are still on screen.`,
  );
}

export function refuse(
  result:
    | { reason: "conflict"; version: number }
    | { reason: "unchanged"; version: number }
    | { reason: "too_large"; bytes: number }
    | { reason: "invalid"; issues: Parameters<typeof fieldErrors>[0] }
    | { reason: "missing" },
): never {
  if (result.reason === "conflict") {
    throw new ApiError(
      409,
      `The live content is version ${result.version}, not the version you started from: someone published meanwhile. Reload to see it, then publish again.`,
    );
  }
  if (result.reason === "too_large") {
    throw new ApiError(
      413,
      `The content is ${Math.round(result.bytes / 1000)} KB, more than one version can hold (950 KB). Shorten or remove some pieces, then publish again.`,
    );
  }
  if (result.reason === "unchanged") {
    throw new ApiError(
      409,
      `Nothing to publish: the drafts are the same as the live version ${result.version}. Save a change first.`,
      { code: "nothing_to_publish" },
    );
  }
  if (result.reason === "missing") throw new ApiError(404, "That version does not exist.");
  throw new ApiError(400, "Some content needs attention before it can be published.", {
    code: "validation",
    fields: fieldErrors(result.issues),
  });
}

/** Drafts that fail their schemas cannot be rendered: say which sections, with each field's message. */
export function unpreviewable(issues: Parameters<typeof fieldErrors>[0]): never {
  const sections = [...new Set(issues.map((issue) => String(issue.path[0])))].filter(isContentSectionName);
  const headings = sections.map((section) => sectionNames[section][2]);
  const which =
    headings.length > 1
      ? `the ${headings.slice(0, -1).join(", ")} and ${headings.at(-1)} sections are`
      : `the ${headings[0] ?? "content"} section is`;
  throw new ApiError(400, `The drafts cannot be previewed until ${which} fixed in the editor.`, {
    code: "validation",
    fields: fieldErrors(issues),
  });
}
