import { type ReactNode, useState } from "react";
import { useModalDialog } from "./browse-controls";
import { useSwipe } from "./use-swipe";

interface LightboxItem {
  id: string;
  title: string;
}

interface LightboxProps<T extends LightboxItem> {
  items: readonly T[];
  /** Index of the open item, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The large image; call onError when it fails to load. */
  renderImage: (item: T, onError: () => void) => ReactNode;
  renderDetails: (item: T) => ReactNode;
}

/**
 * The portfolio lightbox: a modal <dialog> (focus stays inside, the page behind is inert),
 * previous/next disabled at the ends, Escape closes, arrow keys and swipes navigate, and focus
 * returns to the card that opened it.
 */
export function Lightbox<T extends LightboxItem>({
  items,
  index,
  onIndexChange,
  onClose,
  renderImage,
  renderDetails,
}: LightboxProps<T>) {
  const [failed, setFailed] = useState<string | null>(null);
  const open = index !== null;
  const item = index === null ? undefined : items[index];

  // showModal focuses the first focusable element, which is a link in the details (the phone
  // number); the close button is where a keyboard user expects to start.
  const { dialog, returnFocus } = useModalDialog(open, ".lightbox__close");

  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < items.length) onIndexChange(next);
  };
  const swipeHandlers = useSwipe((direction) => go(direction === "left" ? 1 : -1));

  const first = index === 0;
  const last = index === items.length - 1;

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby="lightbox-title"
      onClose={() => {
        onClose();
        returnFocus();
      }}
      onCancel={(event) => {
        // Escape: close through React state so everything stays in step.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          go(1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          go(-1);
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialog.current) onClose();
      }}
    >
      {item ? (
        <div className="lightbox__frame">
          <div className="lightbox__media" {...swipeHandlers}>
            {failed === item.id ? (
              <p className="lightbox__failed" role="status">
                High-quality image not available
              </p>
            ) : (
              renderImage(item, () => setFailed(item.id))
            )}
          </div>
          <div className="lightbox__details">
            <h2 id="lightbox-title" className="lightbox__title">
              {item.title}
            </h2>
            {renderDetails(item)}
            <p className="lightbox__count" aria-live="polite">
              {(index ?? 0) + 1} of {items.length}
            </p>
          </div>
          <div className="lightbox__nav">
            <button type="button" className="lightbox__button" onClick={() => go(-1)} disabled={first}>
              <span aria-hidden="true">←</span> Previous
            </button>
            <button type="button" className="lightbox__button" onClick={() => go(1)} disabled={last}>
              Next <span aria-hidden="true">→</span>
            </button>
          </div>
          <button type="button" className="lightbox__close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
