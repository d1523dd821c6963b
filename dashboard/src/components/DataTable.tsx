// A table of rows in its own scrolling region (phones scroll the table, not the page): one column
// per `Column`, the header row with `scope="col"`. `stacked`: on phones each row is a block of
// "header: value" lines instead (for rows whose cells hold long text, such as addresses).
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  /** Read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  label,
  stacked = false,
}: {
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  columns: Column<Row>[];
  label?: string;
  stacked?: boolean;
}) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table aria-label={label} className={stacked ? 'stacked' : undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={c.className}
                  {...(stacked && !c.hiddenHeader ? { 'data-label': c.header } : {})}
                >
                  {stacked ? <div className="cell">{c.cell(row)}</div> : c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
