import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp<{ version: string }>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Hiwar API', version: options.version, description: 'حوار — REST API (v1)' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        const schema = output.schema as { consumes?: string[]; body?: unknown } | undefined;
        // A multipart route reads its parts itself (no body schema): the document still says it
        // takes a multipart body, so clients and the robustness tests know it.
        if (schema?.consumes?.includes('multipart/form-data') && !schema.body) {
          return { ...output, schema: { ...schema, body: { type: 'object', additionalProperties: true } } };
        }
        return output;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
