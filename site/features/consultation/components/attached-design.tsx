import { useSection } from "../../../content/content-context";

/**
 * The flash design a request is for, as the visitor chose it with "Book this design": its
 * thumbnail and title, and a button to send the request without it. The hidden field carries the
 * id with the form; a server refusal (the design was claimed meanwhile) shows under the card. A
 * design that is gone from the sheet, or taken, says so here rather than only when sent.
 */
export default function AttachedDesign({
  designId,
  error,
  onRemove,
}: {
  designId: string;
  error: string | undefined;
  onRemove: () => void;
}) {
  const design = useSection("flash").find((item) => item.id === designId);
  const gone = design?.status !== "available";
  const problem =
    error ??
    (gone ? "This design is no longer available. Remove it and describe your idea instead." : undefined);
  return (
    <section className="attached-design" aria-labelledby="attached-design-label">
      {design ? (
        <img
          className="attached-design__thumb"
          src={`/flash/${design.id}-thumb.webp`}
          width={72}
          height={72}
          alt=""
        />
      ) : null}
      <div className="attached-design__text">
        <p id="attached-design-label" className="attached-design__label">
          Flash design attached
        </p>
        <p className="attached-design__title">{design?.title ?? designId}</p>
        {problem ? (
          <p id="flashDesign-error" className="form-field__error">
            <span aria-hidden="true">⚠ </span>
            {problem}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="flashDesign" value={designId} />
      <button type="button" className="button button--ghost attached-design__remove" onClick={onRemove}>
        Remove<span className="visually-hidden"> the design {design?.title ?? designId}</span>
      </button>
    </section>
  );
}
