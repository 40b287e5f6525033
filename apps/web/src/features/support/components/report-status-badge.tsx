import { Badge, messages } from '@hiwar/ui';

/** Open or resolved, in words and colour. */
export function ReportStatusBadge({ resolved }: { resolved: boolean }) {
  return (
    <Badge tone={resolved ? 'success' : 'warning'}>
      {resolved ? messages.support.status.resolved : messages.support.status.open}
    </Badge>
  );
}
