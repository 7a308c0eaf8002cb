/**
 * An RFC 4180 reader: fields separated by commas, records by CRLF (a bare LF too), fields in
 * double quotes may hold commas, line breaks and doubled quotes. Strict: a quote inside an
 * unquoted field or text after a closing quote throws, so a broken export cannot pass as rows.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  let closed = false;
  const endField = () => {
    record.push(field);
    field = "";
    quoted = false;
    closed = false;
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted && !closed) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        closed = true;
      } else field += char;
      i++;
      continue;
    }
    if (char === ",") endField();
    else if (char === "\r" || char === "\n") {
      endField();
      records.push(record);
      record = [];
      if (char === "\r" && text[i + 1] === "\n") i++;
    } else if (char === '"') {
      if (field !== "" || closed) throw new Error(`stray quote at character ${i}`);
      quoted = true;
    } else {
      if (closed) throw new Error(`text after a closing quote at character ${i}`);
      field += char;
    }
    i++;
  }
  if (quoted && !closed) throw new Error("unterminated quoted field");
  if (field !== "" || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}
