import { cn, PageContainer, siteMessages } from '@hiwar/ui';
import { Search } from 'lucide-react';
import { FaqList } from '../components/faq-list.tsx';
import { IslandProps } from '../components/island-props.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { studentQuestions, tutorQuestions } from '../site/faq-content.ts';

const text = siteMessages.faq;

export type FaqAudience = 'all' | 'student' | 'tutor';

const AUDIENCE_LINKS: readonly { audience: FaqAudience; href: string; label: string }[] = [
  { audience: 'all', href: '/faq', label: siteMessages.nav.faqAll },
  { audience: 'student', href: '/faq/student', label: siteMessages.nav.faqStudent },
  { audience: 'tutor', href: '/faq/tutor', label: siteMessages.nav.faqTutor },
];

/** What src/islands/faq.ts needs to say about a search. */
export interface FaqIslandProps {
  /** `#` is replaced by the number of matching questions. */
  results: string;
}

/**
 * `/faq`, `/faq/student`, `/faq/tutor`: the questions as accordions that work without script; the
 * search box (src/islands/faq.ts) filters them as you type, and `?q=` opens a page already filtered.
 */
export function FaqPage({ audience }: { audience: FaqAudience }) {
  const groups = [
    { id: 'student', title: text.studentTitle, items: studentQuestions(), shown: audience !== 'tutor' },
    { id: 'tutor', title: text.tutorTitle, items: tutorQuestions(), shown: audience !== 'student' },
  ].filter((group) => group.shown);
  return (
    <>
      <PageHero
        eyebrow={text.eyebrow}
        title={
          audience === 'student' ? text.studentTitle : audience === 'tutor' ? text.tutorTitle : text.title
        }
        subtitle={text.subtitle}
      />
      <section data-island="faq" className="pb-16 sm:pb-20">
        <PageContainer className="flex max-w-3xl flex-col gap-6">
          <nav aria-label={text.roleNav}>
            <ul className="flex flex-wrap justify-center gap-2">
              {AUDIENCE_LINKS.map((link) => (
                <li key={link.audience}>
                  <a
                    href={link.href}
                    aria-current={link.audience === audience ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors',
                      link.audience === audience
                        ? 'border-brand bg-brand text-brand-foreground'
                        : 'border-border bg-surface text-muted-foreground hover:text-foreground',
                    )}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <search>
            <form data-faq-search="" action="" className="relative">
              <label htmlFor="faq-search" className="sr-only">
                {text.searchLabel}
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
              />
              <input
                id="faq-search"
                type="search"
                name="q"
                autoComplete="off"
                placeholder={text.searchPlaceholder}
                className="h-12 w-full rounded-2xl border border-input bg-surface ps-12 pe-4 text-base text-foreground shadow-card placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
              />
            </form>
          </search>
          <p data-faq-status="" role="status" className="min-h-6 text-center text-sm text-muted-foreground" />
          {groups.map((group) => (
            <section key={group.id} data-faq-group="" aria-labelledby={`faq-${group.id}`}>
              <h2 id={`faq-${group.id}`} className="mb-4 text-2xl font-bold text-foreground">
                {group.title}
              </h2>
              <FaqList items={group.items} name={`faq-${group.id}`} />
            </section>
          ))}
          <div
            data-faq-empty=""
            hidden
            className="rounded-2xl border border-border bg-surface p-8 text-center"
          >
            <p className="text-foreground">{text.noResults}</p>
            <a
              href="/contact"
              className="mt-4 inline-block font-semibold text-brand underline-offset-4 hover:underline"
            >
              {siteMessages.common.contactUs}
            </a>
          </div>
          <IslandProps name="faq" value={{ results: text.results } satisfies FaqIslandProps} />
        </PageContainer>
      </section>
    </>
  );
}
