import { Button, ConversationIllustration, formatNumber, landingMessages, PageContainer } from '@hiwar/ui';
import {
  ArrowLeft,
  CalendarCheck,
  CalendarClock,
  Check,
  HeartHandshake,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Search,
  Timer,
  Wallet,
} from 'lucide-react';
import { SectionHeading } from '../components/page-hero.tsx';
import { useWebHref } from '../site/site-context.tsx';

const text = landingMessages;
const STEP_ICONS: readonly LucideIcon[] = [Search, CalendarCheck, MessagesSquare];
const BENEFIT_ICONS: readonly LucideIcon[] = [
  HeartHandshake,
  Timer,
  CalendarClock,
  LayoutDashboard,
  Wallet,
  Check,
];

/** `/`: the marketing home page. Every claim here is a product rule, no invented figures or reviews. */
export function HomePage() {
  const registerHref = useWebHref('/register/student');

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 dark:opacity-70 bg-[radial-gradient(55rem_28rem_at_85%_-5%,var(--brand-soft),transparent_70%),radial-gradient(40rem_24rem_at_0%_100%,var(--accent-soft),transparent_70%)]"
        />
        <PageContainer className="grid items-center gap-14 py-16 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:py-28">
          <div className="flex flex-col items-start">
            <p className="inline-flex items-center rounded-full border border-brand/20 bg-brand-soft px-3.5 py-1 text-sm font-semibold text-brand-soft-foreground">
              {text.hero.eyebrow}
            </p>
            <h1 className="mt-6 text-4xl font-bold leading-[1.2] tracking-tight text-foreground sm:text-5xl lg:text-6xl">
              {text.hero.title}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
              {text.hero.subtitle}
            </p>
            <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg">
                <a href={registerHref}>
                  {text.hero.ctaRegister}
                  <ArrowLeft aria-hidden="true" />
                </a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#how-it-works">{text.hero.ctaHowItWorks}</a>
              </Button>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-muted-foreground">
              {text.hero.highlights.map((highlight) => (
                <li key={highlight} className="inline-flex items-center gap-2">
                  <span className="inline-flex size-5 items-center justify-center rounded-full bg-success-soft text-success">
                    <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                  </span>
                  {highlight}
                </li>
              ))}
            </ul>
          </div>
          <ConversationIllustration />
        </PageContainer>
      </section>

      <section
        aria-labelledby="how-it-works"
        className="scroll-mt-20 border-y border-border bg-surface py-20 sm:py-24"
      >
        <PageContainer>
          <SectionHeading
            id="how-it-works"
            title={text.howItWorks.title}
            subtitle={text.howItWorks.subtitle}
          />
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {text.howItWorks.steps.map((step, index) => {
              const Icon = STEP_ICONS[index] ?? Search;
              return (
                <li
                  key={step.title}
                  className="relative rounded-2xl border border-border bg-background p-6 sm:p-7"
                >
                  <div className="flex items-center justify-between">
                    <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand text-brand-foreground shadow-card">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <span aria-hidden="true" className="text-5xl font-bold text-brand/15">
                      {formatNumber(index + 1)}
                    </span>
                  </div>
                  <h3 className="mt-6 text-xl font-bold text-foreground">{step.title}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{step.text}</p>
                </li>
              );
            })}
          </ol>
        </PageContainer>
      </section>

      <section aria-labelledby="benefits" className="py-20 sm:py-24">
        <PageContainer>
          <SectionHeading id="benefits" title={text.benefits.title} subtitle={text.benefits.subtitle} />
          <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {text.benefits.items.map((benefit, index) => {
              const Icon = BENEFIT_ICONS[index] ?? Check;
              return (
                <li key={benefit.title} className="flex gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="text-lg font-bold text-foreground">{benefit.title}</h3>
                    <p className="mt-1.5 leading-relaxed text-muted-foreground">{benefit.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="cta" className="pb-20 sm:pb-24">
        <PageContainer>
          <div className="relative overflow-hidden rounded-3xl bg-brand px-6 py-14 text-center text-brand-foreground shadow-pop sm:px-12 sm:py-16">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 bg-[radial-gradient(30rem_16rem_at_10%_0%,rgb(255_255_255/0.16),transparent_70%),radial-gradient(26rem_14rem_at_95%_100%,rgb(0_0_0/0.14),transparent_70%)]"
            />
            <h2 id="cta" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
              {text.cta.title}
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-lg opacity-90">{text.cta.subtitle}</p>
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="relative mt-8 border-transparent bg-brand-foreground text-brand hover:bg-brand-foreground/90 hover:text-brand"
            >
              <a href={registerHref}>
                {text.cta.button}
                <ArrowLeft aria-hidden="true" />
              </a>
            </Button>
          </div>
        </PageContainer>
      </section>
    </>
  );
}
