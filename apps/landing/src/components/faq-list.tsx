import { ChevronDown } from 'lucide-react';

/**
 * Questions as an accordion of native `<details>`: they open and close without any script, and
 * sharing a `name` keeps one open at a time.
 */
export function FaqList({
  items,
  name,
  className,
}: {
  items: readonly { q: string; a: string }[];
  name: string;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex flex-col gap-3'}>
      {items.map((item) => (
        <details
          key={item.q}
          name={name}
          data-faq-item=""
          className="group rounded-2xl border border-border bg-background p-5 open:shadow-card"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg font-bold text-foreground [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="mt-3 leading-relaxed text-muted-foreground">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
