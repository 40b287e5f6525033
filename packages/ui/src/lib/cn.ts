import { type ClassValue, clsx } from 'clsx';

/** Joins class names; a tiny alias so every component composes classes the same way. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
