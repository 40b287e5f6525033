import { arabicInteger } from './numerals.ts';

/**
 * Arabic counted nouns. Arabic inflects the noun by count (حرف واحد، حرفين، ٣ أحرف، ١١ حرفًا، ١٠٠ حرف), and
 * `Intl.PluralRules('ar')` names exactly those classes, so the right form is chosen without hand-made
 * ranges. `#` in a form is replaced by the count in Arabic-Indic digits.
 */
export interface ArabicPluralForms {
  zero?: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

/** Made on first use, as every formatter of the catalogue (numerals.ts says why). */
let pluralRules: Intl.PluralRules | undefined;

export function plural(count: number, forms: ArabicPluralForms): string {
  pluralRules ??= new Intl.PluralRules('ar-EG');
  const category = pluralRules.select(count) as keyof ArabicPluralForms;
  const form = forms[category] ?? forms.other;
  return form.replace('#', arabicInteger(count));
}

/** Ready-made forms for the nouns the catalogue counts. */
export const nouns = {
  characters: { one: 'حرف واحد', two: 'حرفين', few: '# أحرف', many: '# حرفًا', other: '# حرف' },
  years: { one: 'عام واحد', two: 'عامين', few: '# أعوام', many: '# عامًا', other: '# عام' },
  months: { one: 'شهر واحد', two: 'شهرين', few: '# أشهر', many: '# شهرًا', other: '# شهر' },
  days: { one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' },
  minutes: { one: 'دقيقة واحدة', two: 'دقيقتين', few: '# دقائق', many: '# دقيقة', other: '# دقيقة' },
  hours: { one: 'ساعة واحدة', two: 'ساعتين', few: '# ساعات', many: '# ساعة', other: '# ساعة' },
  unreadMessages: {
    one: 'رسالة واحدة غير مقروءة',
    two: 'رسالتان غير مقروءتين',
    few: '# رسائل غير مقروءة',
    many: '# رسالة غير مقروءة',
    other: '# رسالة غير مقروءة',
  },
  reports: { one: 'بلاغ واحد', two: 'بلاغان', few: '# بلاغات', many: '# بلاغًا', other: '# بلاغ' },
  requests: { one: 'طلب واحد', two: 'طلبان', few: '# طلبات', many: '# طلبًا', other: '# طلب' },
} as const satisfies Record<string, ArabicPluralForms>;
