import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

/**
 * A figures table in its scrolling frame: one header cell per column, then the rows the caller
 * renders (each starting with its `<th scope="row">`), so every dashboard table reads the same way
 * to a screen reader.
 */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
