import { Badge, supportMessages } from '@hiwar/ui';

/** Open or resolved, in words and colour. */
export function ReportStatusBadge({ resolved }: { resolved: boolean }) {
  return (
    <Badge tone={resolved ? 'success' : 'warning'}>
      {resolved ? supportMessages.status.resolved : supportMessages.status.open}
    </Badge>
  );
}
