import { type RuntimeConfig, readRuntimeConfig } from '@hiwar/client/runtime-config';

export { type RuntimeConfig, readRuntimeConfig };

/** This page's runtime config, read once at start-up from `/runtime-config.js`. */
export const config: RuntimeConfig = readRuntimeConfig();
