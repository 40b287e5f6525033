import { PageContainer, siteMessages } from '@hiwar/ui';

interface LegalText {
  title: string;
  intro: string;
  sections: readonly { title: string; paragraphs: readonly string[] }[];
}

/** `/terms` and `/privacy`: a titled document with its sections listed at the top. */
export function LegalPage({ content }: { content: LegalText }) {
  return (
    <article className="py-14 sm:py-20">
      <PageContainer className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-foreground">{content.title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">{siteMessages.common.lastUpdated}</p>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">{content.intro}</p>
        <nav aria-labelledby="toc" className="mt-8 rounded-2xl border border-border bg-surface p-5">
          <h2 id="toc" className="text-sm font-bold text-foreground">
            {siteMessages.common.onThisPage}
          </h2>
          <ol className="mt-3 flex list-decimal flex-col gap-1 ps-5 text-sm">
            {content.sections.map((section, index) => (
              <li key={section.title}>
                <a
                  href={`#section-${index + 1}`}
                  className="inline-block py-0.5 text-brand underline-offset-4 hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {content.sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`section-${index + 1}`} className="mt-10">
            <h2 id={`section-${index + 1}`} className="scroll-mt-24 text-2xl font-bold text-foreground">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-loose text-foreground/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="mt-12 rounded-2xl border border-border bg-surface p-5 text-foreground">
          {siteMessages.common.stillQuestions}{' '}
          <a href="/contact" className="font-semibold text-brand underline-offset-4 hover:underline">
            {siteMessages.common.contactUs}
          </a>
        </p>
      </PageContainer>
    </article>
  );
}
