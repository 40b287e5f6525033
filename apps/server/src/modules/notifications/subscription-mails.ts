import { formatDateTime, formatMoney, PRODUCT_TIMEZONE } from '@hiwar/domain';
import { BRAND, greeting, layout, type MailContent } from './templates.ts';

/**
 * The renewal reminder (decision 0042): the subscription ends soon and the student kept renewal on.
 * Nothing is charged: the button opens the checkout of the same plan and period.
 */
export function renewalReminderMail(options: {
  name: string | null;
  planAlias: string;
  endsAt: Date;
  renewUrl: string;
  manageUrl: string;
  timeZone?: string | null;
}): MailContent {
  const end = formatDateTime(options.endsAt, options.timeZone ?? PRODUCT_TIMEZONE);
  const paragraphs = [
    greeting(options.name),
    `ينتهي اشتراكك في باقة «${options.planAlias}» في ${end}.`,
    'لتستمر دروسك دون انقطاع جدّد الاشتراك قبل موعد انتهائه؛ لن يُخصم منك شيء دون أن تدفع بنفسك.',
  ];
  const footnote = `لا تريد هذا التذكير؟ أوقف التجديد من صفحة اشتراكك: ${options.manageUrl}`;
  return {
    subject: `${BRAND}: اشتراكك ينتهي في ${end}`,
    html: layout({
      title: 'اشتراكك يقترب من نهايته',
      paragraphs,
      link: { url: options.renewUrl, label: 'جدّد الاشتراك' },
      footnote,
    }),
    text: [...paragraphs, `جدّد من هنا: ${options.renewUrl}`, footnote].join('\n\n'),
  };
}

/** Staff decided a student's refund request: refunded (with the amount) or declined (with their note). */
export function refundDecisionMail(
  options: { name: string | null; planAlias: string; manageUrl: string } & (
    | { outcome: 'refunded'; amount: number }
    | { outcome: 'declined'; note: string }
  ),
): MailContent {
  const lines =
    options.outcome === 'refunded'
      ? [
          `تم قبول طلب استرداد اشتراكك في باقة «${options.planAlias}» ورد ${formatMoney(options.amount)}.`,
          'يصل المبلغ إلى وسيلة الدفع التي استخدمتها خلال أيام العمل المعتادة لدى البنك أو فوري.',
        ]
      : [`لم يُقبل طلب استرداد اشتراكك في باقة «${options.planAlias}».`, `ملاحظة فريق حوار: ${options.note}`];
  const paragraphs = [greeting(options.name), ...lines];
  const title = options.outcome === 'refunded' ? 'تم رد المبلغ' : 'بخصوص طلب الاسترداد';
  return {
    subject: `${BRAND}: ${title}`,
    html: layout({ title, paragraphs, link: { url: options.manageUrl, label: 'صفحة اشتراكك' } }),
    text: [...paragraphs, `صفحة اشتراكك: ${options.manageUrl}`].join('\n\n'),
  };
}
