/** `npm run build`: builds every front end from scratch. */
import { buildFrontEnds } from './lib/front-ends.ts';

buildFrontEnds({ force: true });
