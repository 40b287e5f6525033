import { buttonClassName, supportMessages } from '@hiwar/ui';
import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { ReportProblemButton } from './report-problem-button.tsx';

/** Report a problem, or follow earlier reports: the settings pages' help section. */
export function SupportActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <ReportProblemButton />
      <Link to="/reports" className={buttonClassName({ variant: 'secondary' })}>
        <ListChecks aria-hidden="true" />
        {supportMessages.settings.myReports}
      </Link>
    </div>
  );
}
