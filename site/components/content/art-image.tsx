import { uploadSources, uploadUrl } from "../../../shared/content/upload-images";
import type { StudioContent } from "../../../shared/schemas/content";

/**
 * A portfolio or flash image: from the build's image pipeline (scripts/images.mjs), or a photo
 * the artist uploaded (served from /media in the sizes the worker made of it). AVIF and WebP at
 * every width, explicit width and height (no layout shift), a tiny blurred placeholder under
 * it, lazy below the fold and high priority when it is the page's LCP image.
 */

/** A piece's or design's `image` as the content holds it. */
export type ContentImage = NonNullable<StudioContent["portfolio"][number]["image"]>;

export type ArtFolder = "tattoo-images" | "flash";

const portfolioWidths = [
  ["sm", 300],
  ["md", 400],
  ["lg", 500],
  ["full", 800],
] as const;
const squareWidths = [
  ["thumb", 300],
  ["md", 400],
  ["lg", 600],
] as const;

/**
 * The `srcset` of one format of a piece: every width the pipeline makes. The cards, the card
 * preloader and the head's preload of a page's lead image all build it here, so the browser
 * picks the same file for each and fetches it once.
 */
export function artSrcSet(folder: ArtFolder, id: string, ext: "avif" | "webp", image?: ContentImage): string {
  if (image?.source === "upload") {
    return uploadSources(image.width)
      .map(({ file, width }) => `${uploadUrl(image.key, file, ext)} ${width}w`)
      .join(", ");
  }
  const widths = folder === "flash" ? squareWidths : portfolioWidths;
  return widths.map(([name, w]) => `/${folder}/${id}-${name}.${ext} ${w}w`).join(", ");
}

/** The largest size of a piece: what its card links to and the lightbox shows. */
export function artLargeImage(folder: ArtFolder, id: string, image?: ContentImage): string {
  if (image?.source === "upload") return uploadUrl(image.key, 1200, "webp");
  return folder === "flash" ? `/flash/${id}-lg.webp` : `/tattoo-images/${id}-xl.webp`;
}

/** The pixel size of a portfolio piece's largest image (the build's is 1200 x 900). */
export function artLargeSize(image?: ContentImage): { width: number; height: number } {
  if (image?.source !== "upload") return { width: 1200, height: 900 };
  const width = Math.min(1200, image.width);
  return { width, height: Math.round((width * image.height) / image.width) };
}

interface ArtImageProps {
  id: string;
  folder: ArtFolder;
  /** The content's image: an uploaded photo is drawn from /media, a built one by `id`. */
  image?: ContentImage | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** A data: URI of the blurred placeholder, when the page has it. */
  placeholder?: string | undefined;
  /** The placeholder comes from the stylesheet (featured pieces: site/styles/placeholders-featured.css). */
  cssPlaceholder?: boolean;
  /**
   * The LCP image: fetched first, never lazily. Decoded off the main thread like the others: a
   * synchronous decode held the page's whole first frame, text included, until the image was
   * ready (45 ms of AVIF decoding on a fast machine).
   */
  priority?: boolean;
  className?: string;
  /** Called when the image fails to load (the gallery then shows its fallback tile). */
  onError?: () => void;
}

/**
 * What differs between an uploaded photo and a built image: the `<img>` every browser without
 * AVIF or WebP support falls back to, the blurred placeholder under it, and whether the
 * stylesheet paints that placeholder instead.
 */
interface Fallback {
  src: string;
  width: number;
  height: number;
  blur: string | undefined;
  placeholderClass: string;
}

function uploadFallback(
  image: ContentImage & { source: "upload" },
  placeholder: string | undefined,
): Fallback {
  // The fallback <img> is the WebP closest to a card's width, at its real pixel size.
  const fallback =
    uploadSources(image.width).find((source) => source.file >= 800) ?? uploadSources(image.width)[0];
  const width = fallback?.width ?? image.width;
  return {
    src: uploadUrl(image.key, fallback?.file ?? 800, "webp"),
    width,
    height: Math.round((width * image.height) / image.width),
    blur: image.placeholder ?? placeholder,
    placeholderClass: "",
  };
}

function builtFallback(
  folder: ArtFolder,
  id: string,
  placeholder: string | undefined,
  cssPlaceholder: boolean,
): Fallback {
  const square = folder === "flash";
  const widths = square ? squareWidths : portfolioWidths;
  const [fallbackName, fallbackWidth] = widths[1] ?? widths[0];
  return {
    src: `/${folder}/${id}-${fallbackName}.webp`,
    width: fallbackWidth,
    height: square ? fallbackWidth : (fallbackWidth * 3) / 4,
    blur: placeholder,
    placeholderClass: cssPlaceholder ? ` art-image--ph ph-${id}` : "",
  };
}

export function ArtImage({
  id,
  folder,
  alt,
  sizes,
  placeholder,
  cssPlaceholder = false,
  priority = false,
  className,
  onError,
  image,
}: ArtImageProps) {
  const { src, width, height, blur, placeholderClass } =
    image?.source === "upload"
      ? uploadFallback(image, placeholder)
      : builtFallback(folder, id, placeholder, cssPlaceholder);
  return (
    <span
      className={`art-image${folder === "flash" ? " art-image--square" : ""}${placeholderClass}${className ? ` ${className}` : ""}`}
    >
      {blur ? <img className="art-image__blur" src={blur} alt="" aria-hidden="true" /> : null}
      <picture>
        <source type="image/avif" srcSet={artSrcSet(folder, id, "avif", image)} sizes={sizes} />
        <source type="image/webp" srcSet={artSrcSet(folder, id, "webp", image)} sizes={sizes} />
        <img
          className="art-image__img"
          src={src}
          width={width}
          height={height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={priority ? "high" : "auto"}
          onError={onError}
        />
      </picture>
    </span>
  );
}
