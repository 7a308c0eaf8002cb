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

/**
 * A CSV file streamed page by page, so an export of any size never sits in memory: a header
 * of the columns in snake_case, then one line a row. `nextPage` returns a page's rows and the
 * cursor of the next one (null at the end).
 */
export function csvStream<Cursor>(
  columns: readonly string[],
  nextPage: (cursor: Cursor | undefined) => Promise<{ rows: object[]; next: Cursor | null }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`${columns.map(snakeCase).join(",")}\r\n`));
      let cursor: Cursor | undefined;
      for (;;) {
        const { rows, next } = await nextPage(cursor);
        const lines = rows.map(
          (row) => `${columns.map((c) => csvCell((row as Record<string, unknown>)[c])).join(",")}\r\n`,
        );
        if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
        if (next === null) break;
        cursor = next;
      }
      controller.close();
    },
  });
}
