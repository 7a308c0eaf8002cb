import type { StudioContent } from "../schemas/content";

type Design = StudioContent["flash"][number];

/** A flash design a request names, as the artist reads it: its title and picture, if still known. */
export interface FlashReference {
  id: string;
  /** Null when no published version of the sheet has the design any more. */
  title: string | null;
  image: Design["image"] | null;
  /** On the sheet visitors see now (available or claimed); archived or deleted designs are not. */
  onSheet: boolean;
  status: Design["status"] | null;
}

/** The design `id` as the live content describes it, or only its id if the sheet no longer has it. */
export function flashReference(content: StudioContent, id: string): FlashReference {
  const design = content.flash.find((item) => item.id === id);
  if (!design) return { id, title: null, image: null, onSheet: false, status: null };
  return {
    id,
    title: design.title,
    image: design.image,
    onSheet: design.status !== "archived",
    status: design.status,
  };
}

const offSheetNote = "no longer on the flash sheet";

/** One line for the e-mail: "Koi and peony (flash-012)", or "flash-012 (no longer on the flash sheet)". */
export function flashReferenceText(reference: FlashReference): string {
  if (!reference.title) return `${reference.id} (${offSheetNote})`;
  return reference.onSheet
    ? `${reference.title} (${reference.id})`
    : `${reference.title} (${reference.id}, ${offSheetNote})`;
}
