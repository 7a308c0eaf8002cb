import { type PointerEvent, type ReactNode, useRef, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { getAt, type Path } from "./paths";
import { useSection } from "./section-context";

interface ItemListProps {
  /** Where the list sits in the section ([] when the section is the list). */
  path: Path;
  noun: string;
  titleOf: (item: Record<string, unknown>) => string;
  flagsOf?: (item: Record<string, unknown>) => string[];
  thumbOf?: (item: Record<string, unknown>) => string | null;
  /** A new item, or null when items are only added another way (a photo upload). */
  create?: () => Record<string, unknown>;
  /** What "Add" says when it is not "Add <noun>" (the portfolio adds a piece without a photo). */
  createLabel?: string;
  /** Tidies what else names a deleted item (the services page's list of questions). */
  onDelete?: (item: Record<string, unknown>) => void;
  form: (index: number) => ReactNode;
}

/**
 * An ordered list the site shows in this order: a new item goes first; move an item by dragging
 * it or with its up and down buttons (a screen reader hears where it went), open it to edit,
 * delete it after a confirm.
 */
export function ItemList({
  path,
  noun,
  titleOf,
  flagsOf,
  thumbOf,
  create,
  createLabel,
  onDelete,
  form,
}: ItemListProps) {
  const { data, set, errors } = useSection();
  const items = ((getAt(data, path) as Record<string, unknown>[] | undefined) ?? []) as Record<
    string,
    unknown
  >[];
  const [open, setOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const prefix = path.length ? `${path.join(".")}.` : "";

  function reorder(from: number, to: number, focusButton?: string) {
    const list = [...items];
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item as Record<string, unknown>);
    set(path, list);
    setAnnouncement(`${titleOf(item ?? {})} moved to position ${to + 1} of ${items.length}.`);
    if (focusButton)
      requestAnimationFrame(() => document.getElementById(`${focusButton}-${String(item?.id)}`)?.focus());
  }

  /**
   * Dragging by the grip, with a mouse, a pen or a finger alike (pointer events, the grip set to
   * take no touch scrolling): the row under the pointer is where the item lands on release.
   */
  const grip = (index: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      dragFrom.current = index;
      setDragging(index);
      setDropAt(index);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (dragFrom.current === null) return;
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>("[data-item]");
      const to = over ? items.findIndex((item) => String(item.id) === over.dataset.item) : -1;
      if (to >= 0) setDropAt(to);
    },
    onPointerUp: () => {
      const from = dragFrom.current;
      dragFrom.current = null;
      setDragging(null);
      setDropAt(null);
      if (from !== null && dropAt !== null && dropAt !== from) reorder(from, dropAt);
    },
    onPointerCancel: () => {
      dragFrom.current = null;
      setDragging(null);
      setDropAt(null);
    },
  });

  return (
    <div>
      <p className="admin-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {/* Above the list, where a new item appears: first, where she sees it, as a new photo does. */}
      {create ? (
        <ActionButton
          look="ghost"
          className="studio-items__add"
          onClick={() => {
            const item = create();
            set(path, [item, ...items]);
            setOpen(String(item.id));
            setAnnouncement(`New ${noun} added at the top of the list.`);
            // Straight into its first field, so the keyboard carries on where the new item is.
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(
                  `[data-item="${String(item.id)}"] .studio-item__form :is(input, textarea, select)`,
                )
                ?.focus(),
            );
          }}
        >
          {createLabel ?? `Add ${noun}`}
        </ActionButton>
      ) : null}
      <ol className="studio-items">
        {items.map((item, index) => {
          const id = String(item.id);
          const title = titleOf(item) || `Untitled ${noun}`;
          const flags = flagsOf?.(item) ?? [];
          const hasError = Object.keys(errors).some((key) => key.startsWith(`${prefix}${index}.`));
          const isOpen = open === id || hasError;
          const thumb = thumbOf?.(item);
          return (
            <li
              key={id}
              className="studio-item"
              data-item={id}
              data-dragging={dragging === index ? "true" : undefined}
              data-drop={dragging !== null && dropAt === index && dropAt !== dragging ? "true" : undefined}
            >
              <div className="studio-item__row">
                {/* The keyboard moves items with the buttons below; the grip is for pointers. */}
                <span className="studio-item__grip" aria-hidden="true" title="Drag to move" {...grip(index)}>
                  ⠿
                </span>
                {thumb ? (
                  <img
                    className="studio-item__thumb"
                    src={thumb}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                ) : null}
                <span className="studio-item__title">
                  {title}
                  {flags.map((flag) => (
                    <span key={flag} className="studio-flag" data-flag={flag}>
                      {flag}
                    </span>
                  ))}
                  {hasError ? <span className="studio-flag studio-flag--error">needs attention</span> : null}
                </span>
                <span className="studio-item__actions">
                  <ActionButton
                    look="ghost"
                    small
                    aria-expanded={isOpen}
                    onClick={() => setOpen(isOpen ? null : id)}
                  >
                    {isOpen ? "Close" : "Edit"} <span className="admin-visually-hidden">{title}</span>
                  </ActionButton>
                  <ActionButton
                    id={`up-${id}`}
                    look="ghost"
                    small
                    disabled={index === 0}
                    onClick={() => reorder(index, index - 1, "up")}
                  >
                    <span aria-hidden="true">↑</span>
                    <span className="admin-visually-hidden">Move {title} up</span>
                  </ActionButton>
                  <ActionButton
                    id={`down-${id}`}
                    look="ghost"
                    small
                    disabled={index === items.length - 1}
                    onClick={() => reorder(index, index + 1, "down")}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="admin-visually-hidden">Move {title} down</span>
                  </ActionButton>
                </span>
              </div>
              {isOpen ? (
                <div className="studio-item__form">
                  {form(index)}
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => {
                      if (!window.confirm(`Delete "${title}"? It leaves the site at the next publish.`))
                        return;
                      set(
                        path,
                        items.filter((_, j) => j !== index),
                      );
                      onDelete?.(item);
                      setAnnouncement(`${title} deleted.`);
                    }}
                  >
                    Delete {noun}
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** An id no item has yet: the prefix and a stamp (ids only need to be unique and slug-shaped). */
export const newId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
