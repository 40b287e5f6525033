import { useSession } from '@hiwar/client';
import { Button, ConversationIllustration, PageContainer, webMessages } from '@hiwar/ui';
import { ArrowLeft, CalendarClock, Video, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { dashboardPathFor, displayName } from '../components/layout/nav-items.ts';

const text = webMessages.home;
const POINT_ICONS = [Video, CalendarClock, Wallet] as const;

/** `/`: a short welcome with the two first steps (find a tutor, create an account). */
export function HomePage() {
  const { user } = useSession();
  const dashboardPath = dashboardPathFor(user);

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--brand-soft),transparent_70%)]"
        />
        <PageContainer className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:py-24">
          <div className="flex flex-col items-start">
            <p className="inline-flex items-center rounded-full border border-brand/20 bg-brand-soft px-3.5 py-1 text-sm font-semibold text-brand-soft-foreground">
              {user ? `${text.welcomeBack} ${displayName(user)}` : text.eyebrow}
            </p>
            <h1 className="mt-5 text-4xl font-bold leading-[1.25] tracking-tight text-foreground sm:text-5xl">
              {text.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">{text.subtitle}</p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              {user && dashboardPath ? (
                <Button asChild size="lg">
                  <Link to={dashboardPath}>{text.ctaDashboard}</Link>
                </Button>
              ) : (
                <Button asChild size="lg">
                  <Link to="/register/student">{text.ctaRegister}</Link>
                </Button>
              )}
              <Button asChild size="lg" variant="secondary">
                <Link to="/tutors">
                  {text.ctaTutors}
                  <ArrowLeft aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
          <ConversationIllustration />
        </PageContainer>
      </section>

      <section className="pb-16 sm:pb-24">
        <PageContainer>
          <ul className="grid gap-4 sm:grid-cols-3">
            {text.points.map((point, index) => {
              const Icon = POINT_ICONS[index] ?? Video;
              return (
                <li
                  key={point.title}
                  className="flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
                >
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex flex-col gap-1">
                    <span className="font-bold text-foreground">{point.title}</span>
                    <span className="text-sm text-muted-foreground">{point.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </PageContainer>
      </section>
    </>
  );
}
