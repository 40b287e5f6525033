/**
 * Folds Arabic (and Latin) text for searching: diacritics and tatweel dropped, the alef, yeh and
 * teh-marbuta variants people type interchangeably made one, Arabic-Indic digits made Latin, case and
 * spacing ignored. "الغاء" then finds "إلغاء".
 */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}|\u0640/gu, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the query appears in the text (both folded). */
export function matchesQuery(text: string, query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  const haystack = foldForSearch(text);
  return words.every((word) => haystack.includes(word));
}
