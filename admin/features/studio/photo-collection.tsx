import type { ComponentProps } from "react";
import { thumbnailOf } from "../../lib/content-thumbnail";
import { ItemList } from "./item-list";
import { PhotoUpload, type UploadedImage } from "./photo-upload";
import { useSection } from "./section-context";

type Item = Record<string, unknown>;

/**
 * A section whose items are pictures (the portfolio, the flash designs): an upload that adds one
 * item per photo, then the list of items, each named by its title and shown by its thumbnail.
 */
export function PhotoCollection({
  uploadLabel,
  fromPhoto,
  ...list
}: {
  uploadLabel: string;
  /** The new item a photo starts, before she edits it. */
  fromPhoto(image: UploadedImage, fileName: string): Item;
} & Pick<ComponentProps<typeof ItemList>, "noun" | "flagsOf" | "create" | "createLabel" | "form">) {
  const { update } = useSection();
  // A new piece goes first, where she sees it (and where visitors will); several photos finish
  // in any order, each placed at the top of the list as it is then.
  const addFromPhoto = (image: UploadedImage, fileName: string) => {
    const item = fromPhoto(image, fileName);
    update((current) => [item, ...((current as Item[]) ?? [])]);
    return typeof item.id === "string" ? item.id : undefined;
  };
  return (
    <>
      <PhotoUpload label={uploadLabel} multiple onUploaded={addFromPhoto} />
      <ItemList path={[]} titleOf={(item) => String(item.title ?? "")} thumbOf={thumbnailOf} {...list} />
    </>
  );
}
