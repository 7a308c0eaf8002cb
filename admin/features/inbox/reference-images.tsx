import type { InboxItem } from "./api";

const imagePath = (id: string, copy: "thumb" | "full") => `/api/admin/reference-images/${id}/${copy}`;

/**
 * The reference images a visitor sent with a request: thumbnails, each opening the full image
 * in a new tab. The addresses answer only to the signed-in artist (the session cookie goes with
 * the image requests), never to the public.
 */
export function ReferenceImages({ item }: { item: InboxItem }) {
  const images = item.referenceImages;
  if (!images.length) return null;
  return (
    <section className="admin-references" aria-label="Reference images">
      <h3 className="admin-references__title">Reference images ({images.length})</h3>
      <ul className="admin-references__list">
        {images.map((image, index) => (
          <li key={image.id}>
            <a
              className="admin-references__link"
              href={imagePath(image.id, "full")}
              target="_blank"
              rel="noopener"
            >
              <img
                className="admin-references__thumb"
                src={imagePath(image.id, "thumb")}
                alt={`Reference ${index + 1} of ${images.length} (${image.width} × ${image.height}), opens full size in a new tab`}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
