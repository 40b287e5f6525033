/** What other features and the routes use of support: reporting a problem and following reports. */
export { ReportActions } from './components/report-actions.tsx';
export { ReportConversation } from './components/report-conversation.tsx';
export { ReportProblemButton } from './components/report-problem-button.tsx';
export { ReportProblemDialog, type ReportProblemDialogProps } from './components/report-problem-dialog.tsx';
export { ReportScreenshot } from './components/report-screenshot.tsx';
export { ReportStatusBadge } from './components/report-status-badge.tsx';
export { SupportActions } from './components/support-actions.tsx';
