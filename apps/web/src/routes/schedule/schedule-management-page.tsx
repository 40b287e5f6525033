import { PageContainer, PageHeader, scheduleMessages } from '@hiwar/ui';
import { ScheduleBoard } from '../../features/schedule/components/schedule-board.tsx';

const text = scheduleMessages.management;

/** `/schedule-management` (tutors): the weekly availability windows and the lessons booked in them. */
export function ScheduleManagementPage() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <PageHeader title={text.title} description={text.subtitle} className="pb-0" />
        <ScheduleBoard />
      </div>
    </PageContainer>
  );
}
