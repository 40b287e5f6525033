import { usePlatformSettingsAudit } from '@hiwar/client';
import {
  PLATFORM_SETTINGS_BOUNDS,
  type PlatformSettingAuditEntry,
  type PlatformSettingKey,
} from '@hiwar/domain';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  formatDateTime,
  supportMessages,
} from '@hiwar/ui';
import { History } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { worded } from './platform-settings-form.tsx';

const text = supportMessages.platformSettings;
const PAGE_SIZE = 10;

function settingText(key: PlatformSettingKey, value: number | null): string {
  if (value === null) {
    return '—';
  }
  return worded(value, PLATFORM_SETTINGS_BOUNDS[key].unit);
}

/** The settings' audit, newest first: which setting, the value before and after, who and when. */
export function PlatformSettingsAudit() {
  const [page, setPage] = useState(1);
  const audit = usePlatformSettingsAudit({ page, size: PAGE_SIZE });
  const total = audit.data?.total ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.audit.title}</CardTitle>
        <CardDescription>{text.audit.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : audit.isError ? (
          <ErrorState
            title={text.audit.loadFailed}
            error={audit.error}
            onRetry={() => void audit.refetch()}
          />
        ) : total === 0 ? (
          <EmptyState icon={<History />} title={text.audit.empty} />
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className={t.table} aria-label={text.audit.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.audit.setting}</th>
                  <th className={t.headCell}>{text.audit.from}</th>
                  <th className={t.headCell}>{text.audit.to}</th>
                  <th className={t.headCell}>{text.audit.by}</th>
                  <th className={t.headCell}>{text.audit.when}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {audit.data.list.map((entry: PlatformSettingAuditEntry) => (
                  <tr key={entry.id} className={t.row}>
                    <td className={`${t.cell} font-semibold`}>{text.labels[entry.key]}</td>
                    <td className={`${t.cell} tabular-nums`}>{settingText(entry.key, entry.oldValue)}</td>
                    <td className={`${t.cell} tabular-nums`}>{settingText(entry.key, entry.newValue)}</td>
                    <td className={t.cell}>{entry.changedBy?.name ?? text.audit.unknownUser}</td>
                    <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              label={text.audit.table}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              onPageChange={setPage}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
