/**
 * One CSV cell: quoted, quotes doubled, and a leading =, +, -, @, tab or CR neutralised with an
 * apostrophe so a spreadsheet never runs a visitor's text as a formula.
 */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Marks the file as UTF-8 for Excel, which otherwise reads it in the machine's legacy code page. */
const byteOrderMark = "\uFEFF";

/**
 * An RFC 4180 CSV file (CRLF line ends, every field quoted) streamed page by page: a header
 * of the columns in snake_case, then one line a row. `nextPage` returns a page's rows and the
 * cursor of the next one (null at the end). A page is read only when the reader has taken the
 * one before, so a slow download never makes the worker hold more than a page of rows.
 */
export function csvStream<Cursor>(
  columns: readonly string[],
  nextPage: (cursor: Cursor | undefined) => Promise<{ rows: object[]; next: Cursor | null }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${byteOrderMark}${columns.map(snakeCase).join(",")}\r\n`));
          return;
        }
        // A pull must hand over something or end the file, or the reader waits for ever.
        for (;;) {
          const { rows, next } = await nextPage(cursor);
          const lines = rows.map(
            (row) => `${columns.map((c) => csvCell((row as Record<string, unknown>)[c])).join(",")}\r\n`,
          );
          if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
          if (next === null) return controller.close();
          cursor = next;
          if (lines.length) return;
        }
      },
    },
    // Nothing is read ahead of the reader.
    { highWaterMark: 0 },
  );
}
