/**
 * Numbers in Arabic-Indic digits for the catalogue, each formatter made on its first use. The first
 * `Intl` object a page makes loads the locale's data, some 40–100 ms of a phone's main thread at 1x
 * CPU: made when a module loaded, it lengthened the app's start, the longest task of a visitor's first
 * load (issue 26). Made on demand, it runs where the app first formats a number, or where the app warms
 * it up in a task of its own (`FORMATTING_WARM_UPS`, format.ts).
 */
export function arabicNumbers(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => {
    format ??= new Intl.NumberFormat('ar-EG', options);
    return format.format(value);
  };
}

/** A whole number as the catalogue writes it: Arabic-Indic digits, no grouping (`١٢٣٤`). */
export const arabicInteger = arabicNumbers({ useGrouping: false });
