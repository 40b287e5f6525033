import { STORED_IMAGE_WIDTHS, uploadSrcSet } from '@hiwar/domain';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

export interface AvatarProps {
  /** Image URL; while it loads or when it fails, the initials show. */
  src?: string | null;
  /** Person's name: the image's alt text and the source of the initials. */
  name: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /**
   * The name is written right next to the picture: the picture is then decoration (empty alt, no
   * hidden name), so a screen reader does not read the name twice.
   */
  decorative?: boolean;
}

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-24 text-3xl',
} as const;

/** Each size's width in CSS pixels (the classes above), for the browser to pick a copy of the picture. */
const widths = { sm: '32px', md: '40px', lg: '56px', xl: '96px' } as const;

/** Zero-width non-joiner: keeps two Arabic initials as separate letters instead of a joined word. */
const ZWNJ = '\u200C';

/** First letters of the first two words: "محمد علي" → "م‌ع", "Sara Ali" → "SA". */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join(ZWNJ).toLocaleUpperCase('ar-EG');
}

/**
 * A round picture with the person's initials under it. A plain `<img>`, so the server-rendered page
 * already fetches the picture and hydration changes nothing (issue 26: Radix's avatar rendered no
 * image on the server and set state in a layout effect, a synchronous re-render of the page after
 * hydration on every card). The initials show while the picture loads, when there is none, and when
 * it fails; it is then taken out, also when it failed before hydration.
 */
export function Avatar({ src, name, size = 'md', className, decorative = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const shown = Boolean(src) && failedSrc !== src;
  useEffect(() => {
    const element = image.current;
    // An error the browser met before React listened (server-rendered page) fires no onError.
    if (src && element?.complete && element.naturalWidth === 0) {
      setFailedSrc(src);
    }
  }, [src]);
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-brand-soft align-middle ring-1 ring-border',
        sizes[size],
        className,
      )}
    >
      <span aria-hidden="true" className="font-bold text-brand-soft-foreground">
        {getInitials(name)}
      </span>
      {shown ? (
        <img
          ref={image}
          src={src ?? undefined}
          // An uploaded avatar is stored 480 px wide; the browser takes the smallest copy that is sharp
          // at this size on its screen (issue 26: a few kilobytes per card instead of tens).
          srcSet={uploadSrcSet(src, STORED_IMAGE_WIDTHS.avatar)}
          sizes={widths[size]}
          alt={decorative ? '' : name}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src ?? null)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : decorative ? null : (
        <span className="sr-only">{name}</span>
      )}
    </span>
  );
}
