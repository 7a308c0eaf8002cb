/**
 * Reading and writing one value deep in a section's data by its path (["weekly", 2, "opens"]),
 * the same path the server's validation names a field by ("data.weekly.2.opens").
 */
export type Path = readonly (string | number)[];

export function getAt(data: unknown, path: Path): unknown {
  let here: unknown = data;
  for (const key of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/** A copy of `data` with the value at `path` replaced; `undefined` removes the key. */
export function setAt(data: unknown, path: Path, value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const inner = rest.length ? setAt(getAt(data, [key]), rest, value) : value;
  if (typeof key === "number") {
    const list = Array.isArray(data) ? [...data] : [];
    list[key] = inner;
    return list;
  }
  const record = { ...((data ?? {}) as Record<string, unknown>) };
  if (inner === undefined) delete record[key];
  else record[key] = inner;
  return record;
}

/** The key a field's error is filed under: the path joined with dots, as the server joins it. */
export const pathKey = (path: Path) => path.join(".");

/** The element id of a field, so an error can move focus to it. */
export const fieldId = (section: string, path: Path) => `studio-${section}-${path.join("-")}`;

/**
 * The server's messages split by section: a save names fields inside its data ("data.3.title"),
 * a publish names them inside the whole content ("portfolio.3.alt").
 */
export function errorsBySection(
  fields: Record<string, string>,
  savedSection?: string,
): Record<string, Record<string, string>> {
  const split: Record<string, Record<string, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [head = "", ...rest] = key.split(".");
    const section = savedSection ?? head;
    const path = savedSection ? (head === "data" ? rest : [head, ...rest]) : rest;
    split[section] = { ...split[section], [path.join(".") || "_form"]: message };
  }
  return split;
}
