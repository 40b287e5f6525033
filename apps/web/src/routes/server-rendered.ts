/**
 * The pages the server sends as rendered HTML (issue 26): where visitors land from a search or a
 * shared link, on phones. Each names its route's `path` in app.routes.tsx (`/` for the index), the
 * source module of its screen (a key of the Vite manifest, so the server can preload that chunk beside
 * the entry), and whether a missing main record (an unknown tutor) answers 404.
 *
 * Only public pages: the server renders signed out, and a signed-in browser renders on its own.
 */
export const SERVER_RENDERED_PAGES = [
  { path: '/', module: null, notFoundWhenMissing: false },
  { path: '/tutors', module: 'src/routes/tutors/tutors-page.tsx', notFoundWhenMissing: false },
  { path: '/t/:id', module: 'src/routes/tutors/tutor-profile-page.tsx', notFoundWhenMissing: true },
] as const;

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];
