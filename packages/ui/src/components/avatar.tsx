import * as AvatarPrimitive from '@radix-ui/react-avatar';
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

/** Zero-width non-joiner: keeps two Arabic initials as separate letters instead of a joined word. */
const ZWNJ = '\u200C';

/** First letters of the first two words: "محمد علي" → "م‌ع", "Sara Ali" → "SA". */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join(ZWNJ).toLocaleUpperCase('ar-EG');
}

export function Avatar({ src, name, size = 'md', className, decorative = false }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-brand-soft align-middle ring-1 ring-border',
        sizes[size],
        className,
      )}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt={decorative ? '' : name} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center font-bold text-brand-soft-foreground"
      >
        <span aria-hidden="true">{getInitials(name)}</span>
        {decorative ? null : <span className="sr-only">{name}</span>}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
