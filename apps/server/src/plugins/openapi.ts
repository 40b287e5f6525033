import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type ErrorCode, isErrorCode } from '@hiwar/domain';
import { FAWRY_SANDBOX_PREFIX } from '@hiwar/fawry/sandbox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  documentErrors,
  ERROR_CODES_KEY,
  typeNullableUnions,
  validationCodes,
} from '../core/openapi-errors.ts';
import { isRateLimited } from '../core/rate-limit.ts';
import { callerGate } from './auth.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Catalogue codes the route's handler can answer beyond what the API document derives from the
     * route itself (sign-in and roles, request schemas, path parameters, bodies, rate limits): the
     * `*-not-found` of what it looks up, state conflicts, codes a `superRefine` adds, gateway failures.
     */
    errors?: readonly ErrorCode[];
  }
}

/** Methods whose body Fastify parses, whatever the route's schema: bad or empty JSON, size, media type. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every catalogue code a route can answer, as far as the route itself tells (decision 0019): 401
 * when it reads a session, 403 when it admits some roles or needs a verified e-mail, 400 with the
 * codes of its request schemas, the body errors of a method with a body, 404 for path parameters
 * (`roomId` → `room-not-found`), 429 when rate-limited, and what it declares in `schema.errors`.
 */
function routeErrorCodes(route: RouteOptions, schema: FastifySchema): ErrorCode[] {
  const codes = new Set<ErrorCode>(schema.errors ?? []);
  const add = (...more: ErrorCode[]) => {
    for (const code of more) {
      codes.add(code);
    }
  };
  const gate = callerGate(route);
  if (gate.signIn !== 'none') {
    add('unauthenticated');
  }
  if (gate.roles.length > 0) {
    add('forbidden');
  }
  if (gate.verifiedEmail) {
    add('email-not-verified');
  }
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    add('bad-request', 'empty-request', 'payload-too-large', 'unsupported-media-type');
  }
  const inputs = [schema.querystring, schema.headers, schema.body].filter((input) => input !== undefined);
  if (inputs.length > 0 || schema.params !== undefined) {
    add('bad-request');
  }
  for (const input of inputs) {
    add(...validationCodes(input));
  }
  add(...validationCodes(schema.params, { present: true }));
  if (route.url.includes('/:')) {
    add('not-found', ...notFoundCodes(route.url));
  }
  if (isRateLimited(route)) {
    add('too-many-requests');
  }
  return [...codes];
}

/**
 * The `*-not-found` a path parameter names, when the catalogue has it: `:roomId` → `room-not-found`;
 * `:id` → what the path before it names, `/report/:id` → `report-not-found`, `/report/reply/:id` →
 * `report-reply-not-found`. Anything else the route looks up, it declares.
 */
function notFoundCodes(url: string): ErrorCode[] {
  const segments = url.split('/');
  const candidates = segments.flatMap((segment, index) => {
    const param = /^:([A-Za-z]+)/.exec(segment)?.[1];
    if (param === 'id') {
      const [before, last] = segments.slice(Math.max(0, index - 2), index);
      return [`${last}-not-found`, `${before}-${last}-not-found`];
    }
    const subject = param && /^(.+)Id$/.exec(param)?.[1];
    return subject ? [`${subject.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-not-found`] : [];
  });
  return candidates.filter(isErrorCode);
}

type Security = NonNullable<FastifySchema['security']>;
const BEARER: Security = [{ bearer: [] }];
/** Anonymous, or signed in (the answer depends on who asks; a stale token is still 401). */
const OPTIONAL_BEARER: Security = [{}, { bearer: [] }];

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs. Each operation's security
 * and error responses come from the route (its caller checks, schemas, limits, declared `errors`), so
 * a route added later is described without anything to remember.
 */
export const openApiPlugin = fp<{ version: string }>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Hiwar API', version: options.version, description: 'حوار — REST API (v1)' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Runs when the document is first asked for, after every route and hook is registered.
      transform: (input) => {
        // The Fawry sandbox (local and staging only) emulates Fawry's API, in Fawry's format: not ours.
        if (input.url.startsWith(FAWRY_SANDBOX_PREFIX)) {
          return { schema: { hide: true }, url: input.url };
        }
        const { errors: _declared, ...routeSchema } = input.schema ?? {};
        const output = jsonSchemaTransform({ ...input, schema: routeSchema });
        const schema = output.schema as (FastifySchema & { consumes?: string[]; hide?: boolean }) | undefined;
        if (schema?.hide) {
          return output;
        }
        const gate = callerGate(input.route);
        return {
          url: output.url,
          schema: {
            ...schema,
            // A multipart route reads its parts itself (no body schema): the document still says it
            // takes a multipart body, so clients and the robustness tests know it.
            ...(schema?.consumes?.includes('multipart/form-data') && !schema.body
              ? { body: { type: 'object', additionalProperties: true } }
              : {}),
            security: gate.signIn === 'required' ? BEARER : gate.signIn === 'optional' ? OPTIONAL_BEARER : [],
            [ERROR_CODES_KEY]: routeErrorCodes(input.route, input.schema ?? {}),
          },
        };
      },
      transformObject: (documentObject) => {
        const document = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Record<
          string,
          unknown
        >;
        documentErrors(document);
        typeNullableUnions(document);
        // Served by the API's own origin: clients resolve paths against the document's address.
        document.servers ??= [{ url: '/' }];
        return document;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
