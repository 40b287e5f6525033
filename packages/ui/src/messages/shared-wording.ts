/**
 * Wording two catalogue areas share, kept in a leaf module: `messages` (every app's common strings)
 * re-exports every area, so an area importing `messages` would form a cycle.
 */

/** The button that opens the problem report: the lesson card, the settings pages, my reports. */
export const REPORT_PROBLEM = 'الإبلاغ عن مشكلة';
