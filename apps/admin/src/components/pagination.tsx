import { adminUsersMessages, Button } from '@hiwar/ui';
import { ChevronBack, ChevronForward } from './direction-icons.tsx';

const text = adminUsersMessages.users;

export interface PaginationProps {
  /** What the navigation pages through, e.g. "التنقل بين صفحات المستخدمين". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** "١–١٠ من ٣٤" and previous/next under a table; the arrows follow the reading way ("next" points left). */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  onPageChange,
  disabled = false,
}: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <span className="font-semibold text-foreground">{text.range(from, to, total)}</span>
      </p>
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground max-sm:sr-only">{text.page(page, pages)}</span>
        <Button
          variant="secondary"
          size="icon-sm"
          aria-label={text.previousPage}
          title={text.previousPage}
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronBack />
        </Button>
        <Button
          variant="secondary"
          size="icon-sm"
          aria-label={text.nextPage}
          title={text.nextPage}
          disabled={disabled || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronForward />
        </Button>
      </div>
    </nav>
  );
}
