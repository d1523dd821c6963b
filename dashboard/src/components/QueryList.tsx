// The sequence every list page shows: loading, an error with a retry, the empty state saying what
// to do next, then the rows (a table, or one element per row) and what follows them (a pager).
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { ErrorState, Loading } from './states';

export interface Column<Row> {
  header: string;
  /** Read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

type Rows<Row> = { columns: Column<Row>[]; render?: never } | { render: (row: Row) => ReactNode; columns?: never };

export function QueryList<Data, Row>(
  props: {
    query: UseQueryResult<Data>;
    /** "Loading {what}…" */
    what: string;
    rowsOf: (data: Data) => Row[];
    rowKey: (row: Row) => string;
    /** Shown when there are no rows; null shows nothing (a create form is open instead). */
    empty: ReactNode;
    /** After the rows, when there are some (a pager). */
    after?: (data: Data) => ReactNode;
  } & Rows<Row>,
) {
  const { query, what, rowsOf, rowKey, empty, after } = props;
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const rows = rowsOf(query.data);
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      {props.columns ? (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th scope="col" key={c.header}>
                    {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {props.columns.map((c) => (
                    <td key={c.header} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        rows.map((row) => <Fragment key={rowKey(row)}>{props.render(row)}</Fragment>)
      )}
      {after?.(query.data)}
    </>
  );
}
