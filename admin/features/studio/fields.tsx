import type { ReactNode } from "react";
import { fieldId, getAt, type Path, pathKey } from "./paths";
import { useSection } from "./section-context";

/** A titled group of a section's fields, grouped as the site's pages group what they say. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="studio-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

interface FieldProps {
  path: Path;
  label: string;
  /** Empty means "not given" (the key is removed) rather than an empty text the schema refuses. */
  optional?: boolean;
  hint?: string;
}

/**
 * The server's message for a field. A list's message may name one of its items
 * ("cancellation.2"): the list's one control shows it, saying which line.
 */
function errorAt(errors: Record<string, string>, path: Path): string | undefined {
  const key = pathKey(path);
  if (errors[key]) return errors[key];
  const item = Object.keys(errors).find((name) => name.startsWith(`${key}.`));
  if (!item) return undefined;
  const position = Number(item.slice(key.length + 1).split(".")[0]);
  return Number.isInteger(position) ? `Item ${position + 1}: ${errors[item]}` : errors[item];
}

/** The label, the control and, under it, the server's message for this field. */
function Frame({ path, label, hint, children }: FieldProps & { children: ReactNode }) {
  const { section, errors } = useSection();
  const id = fieldId(section, path);
  const error = errorAt(errors, path);
  return (
    <div className="studio-field" data-invalid={error ? "true" : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <small id={`${id}-hint`} className="admin-muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="studio-field__error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

function useControl(props: FieldProps) {
  const { section, data, set, errors } = useSection();
  const id = fieldId(section, props.path);
  const error = errorAt(errors, props.path);
  const described = [props.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    value: getAt(data, props.path),
    set: (value: unknown) => set(props.path, value),
    attrs: {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": described || undefined,
    },
  };
}

export function TextField(
  props: FieldProps & { type?: "text" | "email" | "url" | "tel" | "date" | "time"; multiline?: boolean },
) {
  const { value, set, attrs } = useControl(props);
  const onChange = (text: string) => set(text === "" && props.optional ? undefined : text);
  return (
    <Frame {...props}>
      {props.multiline ? (
        <textarea
          className="form-control"
          rows={4}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
          {...attrs}
        />
      ) : (
        <input
          className="form-control"
          type={props.type ?? "text"}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
          {...attrs}
        />
      )}
    </Frame>
  );
}

export function NumberField(props: FieldProps & { step?: number | "any" }) {
  const { value, set, attrs } = useControl(props);
  return (
    <Frame {...props}>
      <input
        className="form-control"
        type="number"
        inputMode="decimal"
        step={props.step ?? 1}
        value={typeof value === "number" ? value : ""}
        onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
        {...attrs}
      />
    </Frame>
  );
}

export function SelectField(props: FieldProps & { options: readonly (string | [string, string])[] }) {
  const { value, set, attrs } = useControl(props);
  return (
    <Frame {...props}>
      <select
        className="form-control"
        value={String(value ?? "")}
        onChange={(e) => set(e.target.value === "" && props.optional ? undefined : e.target.value)}
        {...attrs}
      >
        {props.optional ? <option value="">Not set</option> : null}
        {props.options.map((option) => {
          const [v, l] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </Frame>
  );
}

export function CheckField(props: FieldProps) {
  const { value, set, attrs } = useControl(props);
  const { errors } = useSection();
  const error = errors[pathKey(props.path)];
  return (
    <div className="studio-check">
      <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} {...attrs} />
      <label htmlFor={attrs.id}>{props.label}</label>
      {error ? (
        <small id={`${attrs.id}-error`} className="studio-field__error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/** A list of short texts edited as one comma-separated line (tags, towns). */
export function ListField(props: FieldProps) {
  return <SplitField {...props} separator="," hint={props.hint ?? "Separate with commas"} />;
}

/**
 * A list of sentences edited one per line (the cancellation rules): a sentence may hold commas,
 * so it cannot share the comma-separated field. Blank lines are dropped.
 */
export function LinesField(props: FieldProps) {
  return <SplitField {...props} separator={"\n"} hint={props.hint ?? "One per line"} />;
}

/**
 * A list edited as one text, read back when she leaves the field. Leaving it unchanged changes
 * nothing, so merely tabbing through does not count as an unsaved edit.
 */
function SplitField(props: FieldProps & { separator: "," | "\n" }) {
  const { value, set, attrs } = useControl(props);
  const items = Array.isArray(value) ? (value as unknown[]).map(String) : [];
  const joiner = props.separator === "," ? ", " : "\n";
  const onBlur = (text: string) => {
    const next = text
      .split(props.separator)
      .map((part) => part.trim())
      .filter(Boolean);
    if (next.join("\u0000") !== items.join("\u0000")) set(next);
  };
  return (
    <Frame {...props}>
      {props.separator === "," ? (
        <input
          className="form-control"
          defaultValue={items.join(joiner)}
          onBlur={(e) => onBlur(e.target.value)}
          {...attrs}
        />
      ) : (
        <textarea
          className="form-control"
          rows={4}
          defaultValue={items.join(joiner)}
          onBlur={(e) => onBlur(e.target.value)}
          {...attrs}
        />
      )}
    </Frame>
  );
}
