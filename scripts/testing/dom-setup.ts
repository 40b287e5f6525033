import { configure } from '@testing-library/react';

/**
 * Component tests wait for what a user would see. On a loaded machine (CI with two cores, a browser
 * and PostgreSQL beside it) a first render can take more than testing-library's default second, so
 * `findBy…`/`waitFor` wait up to five: a wait for something that never comes still fails.
 */
configure({ asyncUtilTimeout: 5_000 });
