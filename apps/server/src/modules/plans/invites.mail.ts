import { BRAND, greeting, layout, type MailContent } from '../notifications/templates.ts';

/** The web app's page of a plan: `/subscription?plan=<id>` scrolls to it and highlights it. */
export function invitedPlanPath(planId: number): string {
  return `/subscription?plan=${planId}`;
}

/**
 * Where the invitation's button leads: sign-up for an address without an account (the student sign-up,
 * then e-mail verification and the profile, then the plan), sign-in for an existing one; both carry the
 * plan as `?redirect=` and the invited address to fill in.
 */
export function inviteLink(options: {
  webUrl: string;
  planId: number;
  email: string;
  hasAccount: boolean;
}): string {
  const page = options.hasAccount ? '/login' : '/register/student';
  const url = new URL(`${options.webUrl.replace(/\/$/, '')}${page}`);
  url.searchParams.set('redirect', invitedPlanPath(options.planId));
  url.searchParams.set('email', options.email);
  return url.toString();
}

export type PlanInviteMailOptions = {
  /** The invited person's name when they have an account. */
  name: string | null;
  planAlias: string;
  weeklyMinutes: number;
  hasAccount: boolean;
  /** From {@link inviteLink}. */
  link: string;
};

/**
 * The invitation to an invite-only plan (rules.md "Invite"): which plan, that only this address sees it,
 * and one button to sign up (or sign in) that lands on the plan.
 */
export function planInviteMail(options: PlanInviteMailOptions): MailContent {
  const title = 'دعوة خاصة إلى باقة على حوار';
  const paragraphs = [
    greeting(options.name),
    `دعاك فريق ${BRAND} إلى باقة «${options.planAlias}»: ${options.weeklyMinutes} دقيقة أسبوعيًا من دروس الإنجليزية الفردية مع مدرسين معتمدين. هذه الباقة خاصة لا يراها إلا من دُعي إليها.`,
    options.hasAccount
      ? 'سجّل الدخول بحسابك المرتبط بهذا البريد لترى الباقة وتشترك فيها.'
      : 'أنشئ حسابك بهذا البريد الإلكتروني نفسه، وبعد تأكيده ستجد الباقة في انتظارك.',
  ];
  const label = options.hasAccount ? 'عرض الباقة' : 'إنشاء حسابي';
  const footnote = 'تصلك هذه الرسالة لأن فريق حوار دعا بريدك إلى باقة خاصة. إن لم تكن تتوقعها فتجاهلها.';
  return {
    subject: `${BRAND}: دعوة إلى باقة «${options.planAlias}»`,
    html: layout({ title, paragraphs, link: { url: options.link, label }, footnote }),
    text: [...paragraphs, `${label}: ${options.link}`, footnote].join('\n\n'),
  };
}
