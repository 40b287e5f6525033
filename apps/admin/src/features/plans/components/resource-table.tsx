import { cn } from '@hiwar/ui';
import type { ReactNode } from 'react';
import { tableStyles as t } from '../../../components/table-styles.ts';

/** One column of a {@link ResourceTable}. */
export interface ResourceColumn<TRecord> {
  /** The React key of the column's header and cells. */
  id: string;
  header: ReactNode;
  /** Classes of the header and the cells alike, e.g. `max-md:hidden` to drop the column on phones. */
  className?: string;
  /** Classes of the cells only. */
  cellClassName?: string;
  cell: (record: TRecord) => ReactNode;
}

export interface ResourceTableProps<TRecord extends { id: number }> {
  /** The table's accessible name (a hidden caption). */
  caption: string;
  records: readonly TRecord[];
  /** The first column heads its row (`<th scope="row">`), so a row is named by it. */
  columns: readonly ResourceColumn<TRecord>[];
  /** A last column, titled for screen readers only, of each row's actions; `null` for a read-only viewer. */
  actions: { label: string; cell: (record: TRecord) => ReactNode } | null;
  rowClassName?: (record: TRecord) => string | false;
  /** The previous page while the next loads: dimmed. */
  isStale?: boolean;
  className?: string;
}

/** The back office's data table over a list of records, one row each, in the users table's look. */
export function ResourceTable<TRecord extends { id: number }>({
  caption,
  records,
  columns,
  actions,
  rowClassName,
  isStale = false,
  className,
}: ResourceTableProps<TRecord>) {
  const [rowHeader, ...cells] = columns;
  return (
    <div className={cn('relative overflow-x-auto', className)}>
      <table className={cn(t.table, 'transition-opacity', isStale && 'opacity-60')}>
        <caption className="sr-only">{caption}</caption>
        <thead className={t.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn(t.headCell, column.className)}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={t.headCell}>
                <span className="sr-only">{actions.label}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={t.body}>
          {records.map((record) => (
            <tr key={record.id} className={cn(t.row, rowClassName?.(record))}>
              {rowHeader ? (
                <th
                  scope="row"
                  className={cn(
                    t.cell,
                    'text-start font-normal',
                    rowHeader.className,
                    rowHeader.cellClassName,
                  )}
                >
                  {rowHeader.cell(record)}
                </th>
              ) : null}
              {cells.map((column) => (
                <td key={column.id} className={cn(t.cell, column.cellClassName, column.className)}>
                  {column.cell(record)}
                </td>
              ))}
              {actions ? <td className={cn(t.cell, 'w-12 text-end')}>{actions.cell(record)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
