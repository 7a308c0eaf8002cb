import { type ReactNode, useEffect, useRef } from "react";

/**
 * A modal question: open while `open` holds, so the screen's state alone decides whether it
 * shows. Escape does not close it behind the state's back; it calls `onDismiss`, the screen's own
 * "not now". The title and the text are named `${id}-title` and `${id}-text` for screen readers;
 * the answers go in `children`.
 */
export function ModalDialog({
  open,
  id,
  title,
  text,
  onDismiss,
  children,
}: {
  open: boolean;
  id: string;
  title: string;
  text: ReactNode;
  onDismiss(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {children}
    </dialog>
  );
}
