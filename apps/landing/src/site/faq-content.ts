import { type FaqItem, siteMessages } from '@hiwar/ui';
import { PLATFORM_FIGURES, tutorPay } from './platform-figures.ts';

/** The FAQ questions with the platform's figures in them (see platform-figures.ts). */
export function studentQuestions(): readonly FaqItem[] {
  return siteMessages.faq.student({
    freeCancelHours: PLATFORM_FIGURES.freeCancelHours,
    maxUpcomingLessons: PLATFORM_FIGURES.maxUpcomingLessons,
  });
}

export function tutorQuestions(): readonly FaqItem[] {
  const pay = tutorPay();
  return siteMessages.faq.tutor({
    hourlyRate: pay.perHour,
    withdrawMin: pay.withdrawMin,
    withdrawMax: pay.withdrawMax,
    retakeMonths: pay.retakeMonths,
  });
}
