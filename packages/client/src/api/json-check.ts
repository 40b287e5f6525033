/**
 * Checks a value against a JSON Schema (draft 2020-12, the subset zod's `toJSONSchema` writes for the
 * domain's answer and event schemas) the way the zod schema it came from parses it: the result is a new
 * value with only the properties the schema names (zod strips the rest) and the defaults of missing
 * ones filled in. The browser checks answers with it instead of shipping zod (issue 26); the schemas
 * come from the build (contract-plugin.ts).
 */
export type JsonSchema = {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: boolean | JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

export type CheckIssue = { path: (string | number)[]; message: string };

/** A check of the contract (contract-module.ts), shaped like a zod schema's `safeParse`. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: CheckIssue[] } };

/** What a failed check returns in place of a value (never a value a schema accepts). */
const FAILED: unique symbol = Symbol('failed');
type Output = unknown | typeof FAILED;

const patterns = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    patterns.set(source, pattern);
  }
  return pattern;
}

function typeOf(value: unknown): JsonType | 'undefined' {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  const type = typeof value;
  if (type === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return type === 'string' || type === 'boolean' || type === 'object' ? type : 'undefined';
}

function hasType(schema: JsonSchema, value: unknown): boolean {
  if (schema.type === undefined) {
    return true;
  }
  const actual = typeOf(value);
  if (actual === 'number' && !Number.isFinite(value)) {
    return false;
  }
  const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
  return allowed.some((type) => type === actual || (type === 'number' && actual === 'integer'));
}

function copyOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}

class Checker {
  readonly issues: CheckIssue[] = [];

  constructor(private readonly root: JsonSchema) {}

  private fail(path: (string | number)[], message: string): typeof FAILED {
    this.issues.push({ path, message });
    return FAILED;
  }

  private resolve(ref: string): JsonSchema | undefined {
    if (ref === '#') {
      return this.root;
    }
    const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : null;
    return name === null ? undefined : this.root.$defs?.[decodeURIComponent(name)];
  }

  /** The first of `options` the value passes, as zod's union takes its first match. */
  private firstOf(options: JsonSchema[], value: unknown, path: (string | number)[]): Output {
    for (const option of options) {
      const attempt = new Checker(this.root);
      const output = attempt.check(option, value, path);
      if (output !== FAILED) {
        return output;
      }
    }
    return this.fail(path, 'matches none of the options');
  }

  check(schema: JsonSchema | boolean, value: unknown, path: (string | number)[]): Output {
    if (schema === true) {
      return value;
    }
    if (schema === false) {
      return this.fail(path, 'not allowed');
    }
    if (schema.$ref !== undefined) {
      const target = this.resolve(schema.$ref);
      if (!target) {
        return this.fail(path, `unknown reference ${schema.$ref}`);
      }
      const output = this.check(target, value, path);
      const { $ref: _, ...rest } = schema;
      return output === FAILED || Object.keys(rest).length === 0 ? output : this.check(rest, output, path);
    }
    if (schema.anyOf) {
      return this.firstOf(schema.anyOf, value, path);
    }
    if (schema.oneOf) {
      return this.firstOf(schema.oneOf, value, path);
    }
    if (schema.allOf) {
      return this.every(schema.allOf, value, path);
    }
    if (schema.not && new Checker(this.root).check(schema.not, value, path) !== FAILED) {
      return this.fail(path, 'matches what is excluded');
    }
    if (!hasType(schema, value)) {
      return this.fail(path, `expected ${String(schema.type)}, got ${typeOf(value)}`);
    }
    if (schema.const !== undefined && value !== schema.const) {
      return this.fail(path, `expected ${JSON.stringify(schema.const)}`);
    }
    if (schema.enum && !schema.enum.includes(value)) {
      return this.fail(path, `expected one of ${JSON.stringify(schema.enum)}`);
    }
    if (typeof value === 'number') {
      return this.number(schema, value, path);
    }
    if (typeof value === 'string') {
      return this.string(schema, value, path);
    }
    if (Array.isArray(value)) {
      return this.array(schema, value, path);
    }
    if (value !== null && typeof value === 'object') {
      return this.object(schema, value as Record<string, unknown>, path);
    }
    return value;
  }

  /** An intersection: every part passes; objects' outputs are merged (each part keeps its own keys). */
  private every(parts: JsonSchema[], value: unknown, path: (string | number)[]): Output {
    let merged: unknown;
    for (const part of parts) {
      const output = this.check(part, value, path);
      if (output === FAILED) {
        return FAILED;
      }
      merged =
        merged !== null && typeof merged === 'object' && output !== null && typeof output === 'object'
          ? { ...merged, ...output }
          : output;
    }
    return merged;
  }

  private number(schema: JsonSchema, value: number, path: (string | number)[]): Output {
    if (schema.minimum !== undefined && value < schema.minimum) {
      return this.fail(path, `below ${schema.minimum}`);
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      return this.fail(path, `above ${schema.maximum}`);
    }
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
      return this.fail(path, `not above ${schema.exclusiveMinimum}`);
    }
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
      return this.fail(path, `not below ${schema.exclusiveMaximum}`);
    }
    if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) {
      return this.fail(path, `not a multiple of ${schema.multipleOf}`);
    }
    return value;
  }

  private string(schema: JsonSchema, value: string, path: (string | number)[]): Output {
    // Lengths in UTF-16 units, as zod counts them.
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      return this.fail(path, `shorter than ${schema.minLength}`);
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      return this.fail(path, `longer than ${schema.maxLength}`);
    }
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) {
      return this.fail(path, 'does not match the pattern');
    }
    return value;
  }

  private array(schema: JsonSchema, value: unknown[], path: (string | number)[]): Output {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      return this.fail(path, `fewer than ${schema.minItems} items`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      return this.fail(path, `more than ${schema.maxItems} items`);
    }
    const prefix = schema.prefixItems ?? [];
    const output: unknown[] = [];
    let failed = false;
    // By index, not forEach: a hole is checked as the `undefined` it reads as.
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const itemSchema = index < prefix.length ? prefix[index] : schema.items;
      const checked = itemSchema === undefined ? item : this.check(itemSchema, item, [...path, index]);
      failed ||= checked === FAILED;
      output.push(checked);
    }
    return failed ? FAILED : output;
  }

  private object(schema: JsonSchema, value: Record<string, unknown>, path: (string | number)[]): Output {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const output: Record<string, unknown> = {};
    let failed = false;
    for (const [key, property] of Object.entries(properties)) {
      if (Object.hasOwn(value, key) && value[key] !== undefined) {
        const checked = this.check(property, value[key], [...path, key]);
        failed ||= checked === FAILED;
        output[key] = checked;
      } else if (property.default !== undefined) {
        output[key] = copyOf(property.default);
      } else if (required.has(key)) {
        failed = true;
        this.fail([...path, key], 'missing');
      }
    }
    // A record over an enum's keys names them as required without properties.
    for (const key of required) {
      if (!Object.hasOwn(properties, key) && !Object.hasOwn(value, key)) {
        failed = true;
        this.fail([...path, key], 'missing');
      }
    }
    const extra = schema.additionalProperties;
    // Keys the schema does not name: dropped from a plain object's output (zod's `strip`), refused by a
    // strict one, checked and kept for a record or a loose object, kept by a schema that names none.
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) {
        continue;
      }
      if (schema.propertyNames && this.check(schema.propertyNames, key, [...path, key]) === FAILED) {
        failed = true;
        continue;
      }
      if (extra === false) {
        failed = true;
        this.fail([...path, key], 'unexpected key');
      } else if (extra === undefined ? schema.properties === undefined : true) {
        const checked = typeof extra === 'object' ? this.check(extra, item, [...path, key]) : item;
        failed ||= checked === FAILED;
        output[key] = checked;
      }
    }
    return failed ? FAILED : output;
  }
}

/** Checks `value` against `schema`: the checked value (see the file's comment), or the issues found. */
export function checkJson<T>(schema: JsonSchema, value: unknown): CheckResult<T> {
  const checker = new Checker(schema);
  const output = checker.check(schema, value, []);
  return output === FAILED
    ? { success: false, error: { issues: checker.issues } }
    : { success: true, data: output as T };
}
