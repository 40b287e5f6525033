import { getPageSize } from '@hiwar/client';
import { useCallback, useState } from 'react';

/**
 * The page and search of a searchable list, with the stored page size; a new search starts again
 * from the first page.
 */
export function useSearchPages() {
  const [pageSize] = useState(getPageSize);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  return { pageSize, page, setPage, search, onSearch };
}
