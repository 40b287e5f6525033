import { Button, interviewsMessages } from '@hiwar/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const text = interviewsMessages.page;

/** Previous / next for a paged list, with "page N of M"; nothing when everything fits on one page. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) {
    return null;
  }
  return (
    <nav aria-label={text.pagination} className="flex items-center justify-between gap-3">
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronRight aria-hidden />
        {text.previous}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {text.pageOf(page, pages)}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {text.next}
        <ChevronLeft aria-hidden />
      </Button>
    </nav>
  );
}
