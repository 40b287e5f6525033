/**
 * How many weeks each chart of the back office's dashboard covers, the current one included. A module
 * without zod: the dashboard's screens read it (issue 26: no schema on the first screens).
 */
export const DASHBOARD_WEEKS = { min: 2, max: 26, default: 8 } as const;
