/**
 * The tutors list's search (architecture §3 "Search"), in memory over the directory: a tutor matches
 * when the term is a substring of their name, bio or one of their topic names (Arabic or English),
 * or is a close spelling of a stretch of their name or a topic name (trigram word similarity, as
 * PostgreSQL's pg_trgm defines it: the best Jaccard similarity between the term's trigrams and those
 * of any run of consecutive trigrams of the text).
 *
 * Both sides are normalised first, so the spellings people mix up match each other: case, Latin
 * accents, Arabic diacritics and tatweel, the alef forms (أ إ آ ٱ → ا), alef maqsura and yaa
 * (ى ی → ي), taa marbuta and haa (ة → ه), hamza on waw and yaa (ؤ → و, ئ → ي), Persian kaf (ک → ك)
 * and Arabic-Indic digits.
 */

/** Word similarity at or above this (0–1) counts as a match besides a plain substring. */
export const SIMILARITY = 0.4;

const FOLDED: Record<string, string> = {
  ٱ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ک: 'ك',
  ـ: '',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu');

/**
 * Lower case, compatibility-decomposed with every combining mark dropped (Latin accents, Arabic
 * harakat, and the hamza and madda that NFKD splits off أ إ آ ؤ ئ), the letters above folded, runs of
 * white space as one space, trimmed.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDABLE, (char) => FOLDED[char]!)
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The trigrams of a normalised text in order, as pg_trgm makes them: each word (a run of letters and
 * digits) padded with two spaces before and one after.
 */
export function trigramsOf(normalised: string): string[] {
  const trigrams: string[] = [];
  for (const word of normalised.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) {
      trigrams.push(padded[i]! + padded[i + 1]! + padded[i + 2]!);
    }
  }
  return trigrams;
}

/** A text prepared for matching: normalised, with its trigrams in order and as a set. */
export type SearchableText = { text: string; trigrams: readonly string[]; trigramSet: ReadonlySet<string> };

export function searchable(text: string | null): SearchableText {
  const normalised = normaliseSearchText(text ?? '');
  const trigrams = trigramsOf(normalised);
  return { text: normalised, trigrams, trigramSet: new Set(trigrams) };
}

/** A search term prepared once per query. */
export type SearchTerm = { text: string; trigrams: ReadonlySet<string> };

export function searchTerm(raw: string): SearchTerm {
  const text = normaliseSearchText(raw);
  return { text, trigrams: new Set(trigramsOf(text)) };
}

/**
 * pg_trgm's word similarity of `term` within `text`: the greatest |T ∩ E| / |T ∪ E| over the sets E
 * of consecutive trigrams of the text (T the term's). An extent worth counting starts and ends on a
 * trigram of the term, and no score exceeds |T ∩ text| / |T|, which rules most texts out before
 * any extent is tried.
 */
export function wordSimilarity(term: SearchTerm, text: SearchableText): number {
  const size = term.trigrams.size;
  if (size === 0) {
    return 0;
  }
  let shared = 0;
  for (const trigram of term.trigrams) {
    if (text.trigramSet.has(trigram)) {
      shared++;
    }
  }
  if (shared / size < SIMILARITY) {
    return shared / size;
  }
  let best = 0;
  const sequence = text.trigrams;
  for (let from = 0; from < sequence.length; from++) {
    if (!term.trigrams.has(sequence[from]!)) {
      continue;
    }
    const seen = new Set<string>();
    let common = 0;
    for (let to = from; to < sequence.length; to++) {
      const trigram = sequence[to]!;
      if (seen.has(trigram)) {
        continue;
      }
      seen.add(trigram);
      if (term.trigrams.has(trigram)) {
        common++;
        best = Math.max(best, common / (size + seen.size - common));
      }
    }
  }
  return best;
}

/** A substring of the text, or a close spelling of part of it. */
export function matchesClosely(term: SearchTerm, text: SearchableText): boolean {
  return text.text.includes(term.text) || wordSimilarity(term, text) >= SIMILARITY;
}
