import { useId } from "react";
import type { ReferenceImageLimits } from "../../../../shared/reference-images";

/** The types offered, as the worker accepts them (named by type only: see ReferenceImageLimits). */
const accepted: ReferenceImageLimits["types"] = ["image/jpeg", "image/png", "image/webp"];

/**
 * The "Add reference images" control: a real file input under a button-like label, so the
 * picker opens from a click, a tap or the keyboard with no script in between (a picker opened
 * from script after a module loads could be blocked as not started by the visitor). Offering
 * only JPEG, PNG and WebP also lets an iPhone hand over its HEIC photos as JPEGs.
 */
export function PickImages({
  label,
  onPick,
  onIntent,
}: {
  label: string;
  onPick(files: File[]): void;
  /** The visitor is about to pick (pointer over it, or focus): a moment to load what follows. */
  onIntent?: () => void;
}) {
  const id = useId();
  return (
    <div className="reference-images__pick">
      <input
        id={id}
        className="reference-images__input"
        type="file"
        multiple
        accept={accepted.join(",")}
        onFocus={onIntent}
        onPointerEnter={onIntent}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so picking the same file again after removing it still reports a change.
          event.currentTarget.value = "";
          if (files.length) onPick(files);
        }}
      />
      <label htmlFor={id} className="button button--ghost reference-images__add" onPointerEnter={onIntent}>
        <span aria-hidden="true">+</span> {label}
      </label>
    </div>
  );
}
