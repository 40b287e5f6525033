/** Class names shared by the back office's data tables (the users table set the look). */
export const tableStyles = {
  table: 'w-full text-sm',
  head: 'border-b border-border bg-surface-muted/60',
  headCell: 'px-4 py-2.5 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground',
  body: 'divide-y divide-border',
  row: 'transition-colors hover:bg-surface-muted/50',
  cell: 'px-4 py-3 align-middle',
} as const;
