import { Button, formatNumber, PageContainer, siteMessages } from '@hiwar/ui';
import {
  ArrowLeft,
  CalendarSync,
  Check,
  Clock,
  type LucideIcon,
  MessageCircleMore,
  SpellCheck,
} from 'lucide-react';
import { PageHero, SectionHeading } from '../components/page-hero.tsx';
import { useWebHref } from '../site/site-context.tsx';

const text = siteMessages.method;
const PRINCIPLE_ICONS: readonly LucideIcon[] = [Clock, MessageCircleMore, SpellCheck, CalendarSync];

/** `/method`: how lessons work, the principles behind them, and what happens before, in and after one. */
export function MethodPage() {
  const registerHref = useWebHref('/register/student');
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title} subtitle={text.subtitle} />

      <section aria-labelledby="principles" className="border-y border-border bg-surface py-16 sm:py-20">
        <PageContainer>
          <SectionHeading id="principles" title={text.principlesTitle} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {text.principles.map((item, index) => {
              const Icon = PRINCIPLE_ICONS[index] ?? Check;
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
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="lesson" className="py-16 sm:py-20">
        <PageContainer className="max-w-4xl">
          <SectionHeading id="lesson" title={text.lessonTitle} />
          <ol className="mt-12 flex flex-col gap-5">
            {text.lessonSteps.map((step, index) => (
              <li key={step.title} className="flex gap-5 rounded-2xl border border-border bg-surface p-6">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-bold text-brand-foreground"
                >
                  {formatNumber(index + 1)}
                </span>
                <div>
                  <h3 className="text-lg font-bold text-foreground">{step.title}</h3>
                  <p className="mt-1.5 leading-relaxed text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </PageContainer>
      </section>

      <section aria-labelledby="choice" className="pb-20">
        <PageContainer>
          <div className="rounded-3xl border border-border bg-surface px-6 py-12 text-center shadow-card sm:px-12">
            <h2 id="choice" className="text-3xl font-bold tracking-tight text-foreground">
              {text.choiceTitle}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
              {text.choiceText}
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <a href={registerHref}>
                  {text.cta}
                  <ArrowLeft aria-hidden="true" />
                </a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="/pricing">{text.pricingLink}</a>
              </Button>
            </div>
          </div>
        </PageContainer>
      </section>
    </>
  );
}
