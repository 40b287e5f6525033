import { ERROR_CODES, type ErrorCode, errorStatus, isErrorCode } from '@hiwar/domain';

/**
 * The error side of the API document (decision 0019): which catalogue codes a request schema can
 * produce, and how an operation's codes become its error responses.
 */

/** Where the route transform leaves an operation's codes for the document transform (removed there). */
export const ERROR_CODES_KEY = 'x-hiwar-error-codes';

export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The one error wire format (plugins/errors.ts), every catalogue code in its enum. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  description:
    'Every error answer. `code` is from the error catalogue (clients show their own text for it); `message` is for developers.',
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    details: { description: 'What the client needs to act on the error, for the codes that carry it.' },
  },
  required: ['code', 'message'],
  additionalProperties: false,
} as const;

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid; the code names the problem',
  401: 'No valid session: sign in (again)',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found',
  409: 'Valid, but in conflict with the current state',
  413: 'The body is too large',
  415: 'The body’s media type is not accepted',
  429: 'Too many requests; try again later',
  500: 'Unexpected server error',
  502: 'The payment gateway failed',
  503: 'Temporarily unavailable',
};

// ---------------------------------------------------------------------------------------------------
// Validation codes in zod schemas (decision 0003: an issue's message is its code)

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type ZodNode = { _zod: { def: Json } };
const isZodNode = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The issues an error function is asked about: each kind of issue with the usual wrong inputs. */
const PROBE_ISSUES = [
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'not_multiple_of',
  'invalid_value',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'unrecognized_keys',
  'custom',
];
const PROBE_INPUTS: unknown[] = [undefined, null, '', 'x', 0, -1, 0.5, Infinity, Number.NaN, true, [], {}];

const codesCache = new WeakMap<object, { present: ErrorCode[]; any: ErrorCode[] }>();

/**
 * The catalogue codes a zod schema can report: every `error` of the schema, its checks and refinements,
 * and of every schema nested in it. An error function is called with each kind of issue and typical
 * wrong inputs, so `(issue) => issue.input === undefined ? 'required' : 'invalid-type'` yields both.
 * Codes added by a `superRefine` body are out of reach: the route declares them (`schema.errors`).
 * `present`: the fields are always there (path parameters), so `required` for a missing one is left out.
 */
export function validationCodes(schema: unknown, { present = false } = {}): ErrorCode[] {
  if (!isZodNode(schema)) {
    return [];
  }
  let cached = codesCache.get(schema);
  if (!cached) {
    cached = { present: walk(schema, true), any: walk(schema, false) };
    codesCache.set(schema, cached);
  }
  return present ? cached.present : cached.any;
}

function walk(root: ZodNode, present: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const seen = new Set<object>();
  const collect = (error: unknown, inputs: unknown[]) => {
    if (typeof error === 'string' && isErrorCode(error)) {
      codes.add(error);
    }
    if (typeof error !== 'function') {
      return;
    }
    for (const code of PROBE_ISSUES) {
      for (const input of inputs) {
        try {
          const answer: unknown = error({ code, input, path: [], message: '' });
          const message = isObject(answer) ? answer.message : answer;
          if (isErrorCode(message)) {
            codes.add(message);
          }
        } catch {
          // An error function written for other issues: it names nothing for this probe.
        }
      }
    }
  };
  // `inputs`: what this value may be; `fieldInputs`: what the fields of an object here may be.
  const visit = (node: unknown, inputs: unknown[], fieldInputs: unknown[]) => {
    if (!isZodNode(node) || seen.has(node)) {
      return;
    }
    seen.add(node);
    const def = node._zod.def;
    collect(def.error, inputs);
    for (const check of Array.isArray(def.checks) ? def.checks : []) {
      if (isZodNode(check)) {
        collect(check._zod.def.error, inputs);
      }
    }
    for (const [key, value] of Object.entries(def)) {
      if (key === 'checks' || key === 'error') {
        continue;
      }
      if (key === 'getter' && typeof value === 'function') {
        visit(value(), inputs, fieldInputs);
      } else if (key === 'shape' && isObject(value)) {
        for (const field of Object.values(value)) {
          visit(field, fieldInputs, PROBE_INPUTS);
        }
      } else if (Array.isArray(value)) {
        for (const item of value) {
          visit(item, inputs, fieldInputs);
        }
      } else {
        // The same value seen through a wrapper (optional, default, pipe, ...) or an element or entry.
        visit(value, inputs, fieldInputs);
      }
    }
  };
  visit(root, PROBE_INPUTS, present ? PROBE_INPUTS.slice(1) : PROBE_INPUTS);
  return [...codes];
}

// ---------------------------------------------------------------------------------------------------
// The document

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Catalogue order, so every list reads the same way. */
const catalogueOrder = (codes: Iterable<ErrorCode>): ErrorCode[] =>
  [...new Set(codes)].sort((a, b) => ERROR_CODES.indexOf(a) - ERROR_CODES.indexOf(b));

/**
 * One error response: the shared `ErrorBody`, its `code` narrowed to what this status can carry here
 * (generated clients read the `allOf` as `ErrorBody & { code: 'a' | 'b' }`).
 */
export function errorResponse(status: number, codes: readonly ErrorCode[]) {
  return {
    description: STATUS_DESCRIPTIONS[status] ?? 'Error',
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: ERROR_BODY_REF },
            {
              type: 'object',
              required: ['code'],
              properties: { code: { type: 'string', enum: catalogueOrder(codes) } },
            },
          ],
        },
      },
    },
  };
}

/**
 * Turns the codes each route left on its operation into error responses, one per status, and adds
 * `ErrorBody`. A response a route declared itself for a status is kept.
 */
export function documentErrors(document: Json): void {
  const components = isObject(document.components) ? document.components : {};
  components.schemas = {
    ...(isObject(components.schemas) ? components.schemas : {}),
    ErrorBody: ERROR_BODY_SCHEMA,
  };
  document.components = components;
  for (const pathItem of Object.values((document.paths ?? {}) as Json)) {
    if (!isObject(pathItem)) {
      continue;
    }
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.has(method) || !isObject(operation)) {
        continue;
      }
      const codes = (operation[ERROR_CODES_KEY] ?? []) as ErrorCode[];
      delete operation[ERROR_CODES_KEY];
      const responses = isObject(operation.responses) ? operation.responses : {};
      operation.responses = responses;
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of catalogueOrder(codes)) {
        byStatus.set(errorStatus(code), [...(byStatus.get(errorStatus(code)) ?? []), code]);
      }
      for (const [status, list] of byStatus) {
        responses[status] ??= errorResponse(status, list);
      }
    }
  }
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod's JSON Schema for `union(...).nullable()`
 * puts it beside a `oneOf`/`anyOf`. When every branch has the same type, that type is stated.
 */
export function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) {
      typeNullableUnions(item);
    }
    return;
  }
  if (!isObject(node)) {
    return;
  }
  const branches = node.oneOf ?? node.anyOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(branches)) {
    const types = new Set(branches.map((branch) => (isObject(branch) ? branch.type : undefined)));
    const [type] = types;
    if (types.size === 1 && typeof type === 'string') {
      node.type = type;
    }
  }
  for (const value of Object.values(node)) {
    typeNullableUnions(value);
  }
}
