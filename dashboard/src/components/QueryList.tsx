// The sequence every list page shows: loading, an error with a retry, the empty state saying what
// to do next, then the rows (a table, or one element per row) and what follows them (a pager).
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { ErrorState, Loading } from './states';

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
    /** The table's rows as blocks on phones (DataTable's `stacked`). */
    stacked?: boolean;
  } & Rows<Row>,
) {
  const { query, what, rowsOf, rowKey, empty, after, stacked } = props;
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const rows = rowsOf(query.data);
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      {props.columns ? (
        <DataTable rows={rows} rowKey={rowKey} columns={props.columns} stacked={stacked} />
      ) : (
        rows.map((row) => <Fragment key={rowKey(row)}>{props.render(row)}</Fragment>)
      )}
      {after?.(query.data)}
    </>
  );
}
