/** The artist's content editor; admin/pages/studio.tsx lays it out. */

export { Activity } from "./activity";
export type { Drafts, SectionDraft } from "./api";
export { loadDrafts, saveSection } from "./api";
export { History } from "./history";
export { errorsBySection } from "./paths";
export { PublishBar } from "./publish-bar";
export { SectionEditor } from "./section-editor";
export { studioSections } from "./sections";
