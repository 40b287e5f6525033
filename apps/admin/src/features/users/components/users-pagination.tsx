import { adminUsersMessages } from '@hiwar/ui';
import { Pagination } from '../../../components/pagination.tsx';

export interface UsersPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** The users table's pages: "١–١٠ من ٣٤" and previous/next. */
export function UsersPagination(props: UsersPaginationProps) {
  return <Pagination label={adminUsersMessages.users.pagination} {...props} />;
}
