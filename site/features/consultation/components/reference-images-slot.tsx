import { lazy, Suspense, useState } from "react";
import type { ReferenceImageClaim, ReferenceImageLimits } from "../../../../shared/reference-images";
import { PickImages } from "./reference-images-pick";

/** The limits the hint states (named by type only: see ReferenceImageLimits). */
const limits: Omit<ReferenceImageLimits, "types"> = { count: 5, megabytes: 10 };

/** What the form needs from the uploader: the finished uploads' claims, and whether one is still going. */
export interface ReferenceImagesState {
  claims: ReferenceImageClaim[];
  busy: boolean;
}

// The uploader (progress, previews, removal) loads only once the visitor reaches for the button:
// most requests carry no images, and the page's script budget has no room for it.
const loadUploader = () => import("./reference-images");
const ReferenceImages = lazy(loadUploader);
const preload = () => {
  loadUploader().catch(() => {});
};

/**
 * The request's reference images: a button until the first files are picked, then the uploader.
 * Without JavaScript nothing can be uploaded, and the form says so (the text is still sent).
 */
export function ReferenceImagesSlot({
  error,
  onChange,
}: {
  error: string | undefined;
  onChange(state: ReferenceImagesState): void;
}) {
  const [first, setFirst] = useState<File[] | null>(null);
  return (
    <fieldset className="studio-form__group reference-images" aria-describedby="reference-images-hint">
      <legend>
        Reference images <span className="form-field__optional">(optional)</span>
      </legend>
      <div className="js-only reference-images__body">
        <p id="reference-images-hint" className="form-field__hint">
          Up to {limits.count} pictures of designs you like or of the spot to tattoo: JPEG, PNG or WebP,{" "}
          {limits.megabytes} MB each. Only the artist sees them; location and camera details are removed.
        </p>
        {first ? (
          <Suspense fallback={<p className="form-field__hint">Preparing your images…</p>}>
            <ReferenceImages initial={first} error={error} onChange={onChange} />
          </Suspense>
        ) : (
          <>
            <PickImages label="Add reference images" onPick={setFirst} onIntent={preload} />
            {error ? <p className="form-field__error">{error}</p> : null}
          </>
        )}
      </div>
      <p className="no-js-only form-field__hint">
        Adding images needs JavaScript, which is off in this browser. Your request is sent without them: bring
        them to your consultation instead.
      </p>
    </fieldset>
  );
}
