import { type FindInterviewsParams, useInterviews, useSession } from '@hiwar/client';
import { InterviewStatus, Role, SortOrder } from '@hiwar/domain';
import {
  Button,
  EmptyState,
  interviewsMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { CalendarCheck, CalendarClock, ClipboardList, CloudOff, History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InterviewCard } from '../../features/interviews/components/interview-card.tsx';
import { Pager } from '../../features/interviews/components/pager.tsx';
import { UncontactedTutors } from '../../features/interviews/components/uncontacted-tutors.tsx';
import { useInterviewToasts } from '../../features/interviews/hooks/use-interview-toasts.ts';
import { useNow } from '../../features/payments/hooks/use-now.ts';

const text = interviewsMessages.page;
const PAGE_SIZE = 10;
const LIST_SIZE = 50;

/**
 * `/interviews`: a tutor's own interviews (status, time, join, the interviewer's level and feedback,
 * their own feedback); for a TutorManager the interviews to conduct, those awaiting an outcome (the
 * result form), all of them, and the tutors who never booked one.
 */
export function InterviewsPage() {
  const { user } = useSession();
  useInterviewToasts();
  if (!user) {
    return null;
  }
  return user.role === Role.TutorManager ? <ManagerInterviews /> : <TutorInterviews />;
}

function TutorInterviews() {
  const [page, setPage] = useState(1);
  const interviews = useInterviews({ page, size: PAGE_SIZE, order: SortOrder.Desc });
  const now = new Date(useNow(30_000));
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeader title={text.title} description={text.tutorSubtitle} className="pb-0" />
        <InterviewList
          query={interviews}
          label={text.listLabel}
          now={now}
          viewer="tutor"
          empty={
            <EmptyState
              icon={<CalendarClock />}
              title={text.empty}
              description={text.emptyText}
              action={
                <Button asChild>
                  <Link to="/tutor/onboarding">{text.toOnboarding}</Link>
                </Button>
              }
            />
          }
        />
        <Pager page={page} size={PAGE_SIZE} total={interviews.data?.total ?? 0} onPage={setPage} />
      </div>
    </PageContainer>
  );
}

const TABS = ['upcoming', 'awaiting', 'all', 'uncontacted'] as const;
type Tab = (typeof TABS)[number];

function ManagerInterviews() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'upcoming';
  const icons: Record<Tab, ReactNode> = {
    upcoming: <CalendarClock aria-hidden className="size-4" />,
    awaiting: <ClipboardList aria-hidden className="size-4" />,
    all: <History aria-hidden className="size-4" />,
    uncontacted: <CalendarCheck aria-hidden className="size-4" />,
  };
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <PageHeader title={text.title} description={text.managerSubtitle} className="pb-2" />
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = new URLSearchParams(params);
            next.set('tab', value);
            setParams(next, { replace: true });
          }}
        >
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabsList aria-label={text.tabs.label} className="min-w-full">
              {TABS.map((value) => (
                <TabsTrigger key={value} value={value} className="shrink-0">
                  {icons[value]}
                  {text.tabs[value]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="upcoming">
            <UpcomingPanel />
          </TabsContent>
          <TabsContent value="awaiting">
            <AwaitingPanel />
          </TabsContent>
          <TabsContent value="all">
            <AllPanel />
          </TabsContent>
          <TabsContent value="uncontacted">
            <UncontactedTutors />
          </TabsContent>
        </Tabs>
      </div>
    </PageContainer>
  );
}

/** Interviews to conduct: pending and not ended, soonest first, with the room's join button. */
function UpcomingPanel() {
  const interviews = useInterviews({
    upcoming: true,
    status: InterviewStatus.Pending,
    order: SortOrder.Asc,
    size: LIST_SIZE,
  });
  const now = new Date(useNow(30_000));
  return (
    <InterviewList
      query={interviews}
      label={text.tabs.upcoming}
      now={now}
      viewer="manager"
      empty={
        <EmptyState icon={<CalendarClock />} title={text.noUpcoming} description={text.noUpcomingText} />
      }
    />
  );
}

/** Interviews that started and still have no outcome: the result form. */
function AwaitingPanel() {
  const [query] = useState<FindInterviewsParams>(() => ({
    status: InterviewStatus.Pending,
    to: new Date().toISOString(),
    order: SortOrder.Desc,
    size: LIST_SIZE,
  }));
  const interviews = useInterviews(query);
  const now = new Date(useNow(30_000));
  return (
    <InterviewList
      query={interviews}
      label={text.tabs.awaiting}
      now={now}
      viewer="manager"
      filter={(interview) => Date.parse(interview.start) <= now.getTime()}
      empty={
        <EmptyState icon={<ClipboardList />} title={text.noAwaiting} description={text.noAwaitingText} />
      }
    />
  );
}

/** Every interview they conduct or conducted, newest first, paged. */
function AllPanel() {
  const [page, setPage] = useState(1);
  const interviews = useInterviews({ page, size: PAGE_SIZE, order: SortOrder.Desc });
  const now = new Date(useNow(30_000));
  return (
    <div className="flex flex-col gap-4">
      <InterviewList
        query={interviews}
        label={text.tabs.all}
        now={now}
        viewer="manager"
        empty={<EmptyState icon={<History />} title={text.noInterviews} />}
      />
      <Pager page={page} size={PAGE_SIZE} total={interviews.data?.total ?? 0} onPage={setPage} />
    </div>
  );
}

type InterviewsQuery = ReturnType<typeof useInterviews>;

function InterviewList({
  query,
  label,
  now,
  viewer,
  empty,
  filter,
}: {
  query: InterviewsQuery;
  label: string;
  now: Date;
  viewer: 'tutor' | 'manager';
  empty: ReactNode;
  filter?: (interview: NonNullable<InterviewsQuery['data']>['list'][number]) => boolean;
}) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<CloudOff />}
        title={text.loadFailed}
        description={messages.common.networkError}
        action={<Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>}
      />
    );
  }
  const list = filter ? query.data.list.filter(filter) : query.data.list;
  if (list.length === 0) {
    return empty;
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {list.map((interview) => (
        <li key={interview.id}>
          <InterviewCard interview={interview} viewer={viewer} now={now} headingLevel="h2" />
        </li>
      ))}
    </ul>
  );
}
