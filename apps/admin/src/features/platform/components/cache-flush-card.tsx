import { useFlushTutorsCache } from '@hiwar/client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  scheduleMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { DatabaseZap } from 'lucide-react';

const text = scheduleMessages.cache;

/** Empties the server's tutors cache (`DELETE /api/v1/cache/flush`), SuperAdmin and RegularAdmin. */
export function CacheFlushCard() {
  const flush = useFlushTutorsCache();
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="secondary"
          loading={flush.isPending}
          onClick={() =>
            flush.mutate(undefined, {
              onSuccess: () => toast({ type: 'success', title: text.flushed }),
              onError: showError,
            })
          }
        >
          <DatabaseZap aria-hidden="true" className="size-4" />
          {text.flush}
        </Button>
      </CardContent>
    </Card>
  );
}
