import { Button, PageContainer, siteMessages } from '@hiwar/ui';
import {
  ArrowLeft,
  CalendarPlus,
  Check,
  Clapperboard,
  type LucideIcon,
  MonitorPlay,
  UserRoundPen,
  Users,
  Video,
  Wallet,
} from 'lucide-react';
import { PageHero, SectionHeading } from '../components/page-hero.tsx';
import { tutorPay } from '../site/platform-figures.ts';
import { useWebHref } from '../site/site-context.tsx';

const text = siteMessages.tutor;
const HOW_ICONS: readonly LucideIcon[] = [CalendarPlus, Users, MonitorPlay, Wallet];
const STEP_ICONS: readonly LucideIcon[] = [Video, Clapperboard, UserRoundPen];

/**
 * `/tutor`: teach with us. How tutoring works, what it pays (the platform's hourly rate, per lesson),
 * the three onboarding steps after sign-up (interview, studio, profile) and the way to the tutor sign-up.
 */
export function TutorPage() {
  const registerHref = useWebHref('/register/tutor');
  const pay = tutorPay();
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title} subtitle={text.subtitle}>
        <div className="mt-9 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <a href={registerHref}>
              {text.cta}
              <ArrowLeft aria-hidden="true" />
            </a>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <a href="#how">{text.ctaSecondary}</a>
          </Button>
        </div>
      </PageHero>

      <section
        aria-labelledby="how"
        className="scroll-mt-20 border-y border-border bg-surface py-16 sm:py-20"
      >
        <PageContainer>
          <SectionHeading id="how" title={text.howTitle} subtitle={text.howSubtitle} />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {text.how.map((item, index) => {
              const Icon = HOW_ICONS[index] ?? Check;
              return (
                <li key={item.title} className="rounded-2xl border border-border bg-background p-6">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-5 text-lg font-bold text-foreground">{item.title}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{item.text}</p>
                </li>
              );
            })}
          </ol>
        </PageContainer>
      </section>

      <section aria-labelledby="earnings" className="py-16 sm:py-20">
        <PageContainer className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="earnings" className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
              {text.earningsTitle}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{text.earningsSubtitle}</p>
            <p className="mt-6 leading-relaxed text-muted-foreground">{text.earningsNote}</p>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              {text.withdrawNote(
                pay.withdrawMin,
                pay.withdrawMax,
                pay.processingDays.min,
                pay.processingDays.max,
              )}
            </p>
          </div>
          <div className="rounded-3xl border border-border bg-surface p-6 shadow-card sm:p-8">
            <p className="text-sm font-semibold text-muted-foreground">{text.perHourLabel}</p>
            <p className="mt-1 text-5xl font-bold tracking-tight text-brand">{pay.perHour}</p>
            <ul className="mt-6 flex flex-col gap-3 border-t border-border pt-6">
              {pay.perLesson.map(({ minutes, amount }) => (
                <li key={minutes} className="flex items-center gap-3 text-foreground">
                  <span className="inline-flex size-6 items-center justify-center rounded-full bg-success-soft text-success">
                    <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                  </span>
                  {text.lessonEarning(minutes, amount)}
                </li>
              ))}
            </ul>
          </div>
        </PageContainer>
      </section>

      <section aria-labelledby="steps" className="border-y border-border bg-surface py-16 sm:py-20">
        <PageContainer>
          <SectionHeading id="steps" title={text.stepsTitle} subtitle={text.stepsSubtitle} />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {text.steps.map((step, index) => {
              const Icon = STEP_ICONS[index] ?? Check;
              return (
                <li key={step.title} className="rounded-2xl border border-border bg-background p-6 sm:p-7">
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand text-brand-foreground shadow-card">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-6 text-xl font-bold text-foreground">{step.title}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{step.text}</p>
                </li>
              );
            })}
          </ol>
          <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted-foreground">
            {text.retakeNote(pay.retakeMonths)}
          </p>
        </PageContainer>
      </section>

      <section aria-labelledby="requirements" className="py-16 sm:py-20">
        <PageContainer className="max-w-3xl">
          <h2 id="requirements" className="text-center text-3xl font-bold tracking-tight text-foreground">
            {text.requirementsTitle}
          </h2>
          <ul className="mt-8 flex flex-col gap-3">
            {text.requirements.map((item) => (
              <li
                key={item}
                className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-4"
              >
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-success" strokeWidth={3} />
                <span className="leading-relaxed text-foreground">{item}</span>
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="join" className="pb-20">
        <PageContainer>
          <div className="rounded-3xl bg-brand px-6 py-14 text-center text-brand-foreground shadow-pop sm:px-12">
            <h2 id="join" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {text.finalTitle}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg opacity-90">{text.finalSubtitle}</p>
            <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
              <Button
                asChild
                size="lg"
                variant="secondary"
                className="border-transparent bg-brand-foreground text-brand hover:bg-brand-foreground/90 hover:text-brand"
              >
                <a href={registerHref}>
                  {text.finalCta}
                  <ArrowLeft aria-hidden="true" />
                </a>
              </Button>
              <a href="/faq/tutor" className="font-semibold underline underline-offset-4">
                {text.faqLink}
              </a>
            </div>
          </div>
        </PageContainer>
      </section>
    </>
  );
}
