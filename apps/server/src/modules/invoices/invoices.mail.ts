import { formatMoney, InvoiceStatus, LOCALE } from '@hiwar/domain';
import { BRAND, greeting, layout, type MailContent } from '../notifications/templates.ts';

const dateFormatter = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeZone: 'UTC' });

/** A local date (`YYYY-MM-DD`) as Egyptians read it: «الخميس، ٤ مارس ٢٠٢٧». */
function formatLocalDate(date: string): string {
  return dateFormatter.format(new Date(`${date}T00:00:00Z`));
}

export type InvoiceMailOptions = {
  name: string | null;
  /** The status the invoice has now; with `previous`, which move it was. */
  status: InvoiceStatus;
  /** Null for a new request. */
  previous: InvoiceStatus | null;
  /** Piasters. */
  amount: number;
  note: string | null;
  expectedPayout: { earliest: string; latest: string };
  /** The web app's /invoices page. */
  invoicesUrl: string;
};

/**
 * The tutor's e-mail for a new withdrawal request and every move of it (rules.md "Earnings and
 * withdrawals"): what happened, where the money stands, the staff note when there is one, and a
 * button to the earnings page (where the receipt of a fulfilled request is shown).
 */
export function invoiceMail(options: InvoiceMailOptions): MailContent {
  const amount = formatMoney(options.amount);
  const window = `بين ${formatLocalDate(options.expectedPayout.earliest)} و${formatLocalDate(options.expectedPayout.latest)}`;
  const released = 'وعاد المبلغ إلى رصيدك المتاح للسحب.';
  const content = (): { title: string; lines: string[] } => {
    switch (options.status) {
      case InvoiceStatus.Pending:
        if (options.previous === InvoiceStatus.UpdatedByReceiver) {
          return {
            title: 'تم تعديل بيانات التحويل',
            lines: [
              `وافقنا على تعديل بيانات التحويل لطلب سحب ${amount}، وسنحوّل المبلغ إلى البيانات الجديدة.`,
            ],
          };
        }
        if (options.previous === InvoiceStatus.CanceledByReceiver) {
          return {
            title: 'لم يُلغَ طلب السحب',
            lines: [`تعذّر إلغاء طلب سحب ${amount} لأن تنفيذه بدأ بالفعل، وسيصلك المبلغ ${window}.`],
          };
        }
        return {
          title: 'استلمنا طلب السحب',
          lines: [
            `استلمنا طلب سحب ${amount}. تستغرق المعالجة من ٤ إلى ٥ أيام عمل (الجمعة والسبت عطلة)، ويصلك المبلغ ${window}.`,
          ],
        };
      case InvoiceStatus.UpdatedByReceiver:
        return {
          title: 'استلمنا طلب تعديل بيانات التحويل',
          lines: [
            `استلمنا طلبك تعديل بيانات التحويل لطلب سحب ${amount}. نحوّل إلى البيانات الجديدة بعد مراجعتها.`,
          ],
        };
      case InvoiceStatus.CanceledByReceiver:
        return {
          title: 'استلمنا طلب الإلغاء',
          lines: [`استلمنا طلبك إلغاء طلب سحب ${amount}، وسنبلغك بعد مراجعته.`],
        };
      case InvoiceStatus.Fulfilled:
        return {
          title: 'تم تحويل المبلغ',
          lines: [`حوّلنا ${amount} إلى حسابك. تجد إيصال التحويل في صفحة الأرباح.`],
        };
      case InvoiceStatus.Rejected:
        return { title: 'رُفض طلب السحب', lines: [`رُفض طلب سحب ${amount}، ${released}`] };
      case InvoiceStatus.CanceledByAdmin:
        return { title: 'أُلغي طلب السحب', lines: [`ألغت إدارة حوار طلب سحب ${amount}، ${released}`] };
      case InvoiceStatus.CancellationApprovedByAdmin:
        return { title: 'تم إلغاء طلب السحب', lines: [`وافقنا على إلغاء طلب سحب ${amount}، ${released}`] };
    }
  };
  const { title, lines } = content();
  const paragraphs = [
    greeting(options.name),
    ...lines,
    ...(options.note ? [`ملاحظة الإدارة: ${options.note}`] : []),
  ];
  return {
    subject: `${BRAND}: ${title}`,
    html: layout({ title, paragraphs, link: { url: options.invoicesUrl, label: 'صفحة الأرباح' } }),
    text: [...paragraphs, `صفحة الأرباح: ${options.invoicesUrl}`].join('\n\n'),
  };
}
