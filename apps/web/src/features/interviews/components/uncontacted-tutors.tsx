import { useUncontactedTutors } from '@hiwar/client';
import type { UncontactedTutor } from '@hiwar/domain';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  FormField,
  Input,
  interviewsMessages,
  messages,
  Skeleton,
} from '@hiwar/ui';
import { CloudOff, Mail, Phone, UserRoundSearch } from 'lucide-react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNow } from '../../payments/hooks/use-now.ts';
import { Pager } from './pager.tsx';

const text = interviewsMessages.uncontacted;
const PAGE_SIZE = 10;

/**
 * Registered tutors who never booked an interview (TutorManagers reach out to them): name, e-mail and
 * phone as links, whether each is verified, and how long ago they registered; searchable and paged.
 */
export function UncontactedTutors() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim(), 300);
  const tutors = useUncontactedTutors({ page, size: PAGE_SIZE, ...(query ? { search: query } : {}) });
  const now = useNow(60_000);

  return (
    <section aria-labelledby="uncontacted-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="uncontacted-heading" className="text-lg font-bold">
          {text.title}
        </h2>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </div>
      <FormField label={text.search} className="max-w-md">
        <Input
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </FormField>
      {tutors.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : tutors.isError ? (
        <EmptyState
          icon={<CloudOff />}
          title={text.loadFailed}
          description={messages.common.networkError}
          headingLevel="h3"
          action={<Button onClick={() => void tutors.refetch()}>{messages.common.retry}</Button>}
        />
      ) : tutors.data.list.length === 0 ? (
        <EmptyState
          icon={<UserRoundSearch />}
          title={query ? text.noMatch : text.empty}
          {...(query ? {} : { description: text.emptyText })}
          headingLevel="h3"
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{text.total(tutors.data.total)}</p>
          <ul aria-label={text.listLabel} className="flex flex-col gap-3">
            {tutors.data.list.map((tutor) => (
              <TutorRow key={tutor.id} tutor={tutor} now={now} />
            ))}
          </ul>
          <Pager page={page} size={PAGE_SIZE} total={tutors.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function TutorRow({ tutor, now }: { tutor: UncontactedTutor; now: number }) {
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-bold">{tutor.name ?? text.unnamed}</h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={tutor.createdAt}>{text.registered(tutor.createdAt, now)}</time>
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 text-sm">
          <dt>
            <Mail aria-hidden className="size-4 text-muted-foreground" />
            <span className="sr-only">{text.email}</span>
          </dt>
          <dd className="min-w-0 truncate">
            <a
              dir="ltr"
              href={`mailto:${tutor.email}`}
              className="rounded text-brand hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {tutor.email}
            </a>
          </dd>
          <dd>
            <Badge tone={tutor.verifiedEmail ? 'success' : 'neutral'}>
              {tutor.verifiedEmail ? text.verified : text.unverified}
            </Badge>
          </dd>
          <dt>
            <Phone aria-hidden className="size-4 text-muted-foreground" />
            <span className="sr-only">{text.phone}</span>
          </dt>
          <dd>
            {tutor.phone ? (
              <a
                dir="ltr"
                href={`tel:${tutor.phone}`}
                className="rounded text-brand hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {tutor.phone}
              </a>
            ) : (
              <span className="text-muted-foreground">{text.noPhone}</span>
            )}
          </dd>
          <dd>
            {tutor.phone ? (
              <Badge tone={tutor.verifiedPhone ? 'success' : 'neutral'}>
                {tutor.verifiedPhone ? text.verified : text.unverified}
              </Badge>
            ) : null}
          </dd>
        </dl>
      </Card>
    </li>
  );
}
