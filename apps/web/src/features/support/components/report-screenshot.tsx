import { useReportScreenshotUrl } from '@hiwar/client';
import { Alert, Skeleton, supportMessages } from '@hiwar/ui';

const text = supportMessages.conversation;

/** A report's private screenshot, fetched with the session's token; opens full size in a new tab. */
export function ReportScreenshot({ url, title }: { url: string; title: string }) {
  const { url: objectUrl, error } = useReportScreenshotUrl(url);
  if (error) {
    return <Alert tone="warning">{text.screenshotFailed}</Alert>;
  }
  if (!objectUrl) {
    return <Skeleton className="h-40 w-full max-w-sm rounded-xl" />;
  }
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-semibold">{text.screenshot}</figcaption>
      <a
        href={objectUrl}
        target="_blank"
        rel="noreferrer"
        className="block w-fit rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={text.openScreenshot}
      >
        <img
          src={objectUrl}
          alt={text.screenshotAlt(title)}
          className="max-h-72 max-w-full rounded-xl border border-border object-contain"
        />
      </a>
    </figure>
  );
}
