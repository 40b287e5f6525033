import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';

/**
 * A react-hook-form resolver over the domain's request schema for forms whose fields are typed text
 * (pounds, percentages, Cairo times): `convert` turns the form values into the request the API takes
 * (piasters, basis points, ISO instants), and `resolver` (a `zodResolver` of the domain schema)
 * validates that. The forms name their fields after the request's, so each error code lands on its
 * field, and `handleSubmit` receives the parsed request.
 */
export function convertingResolver<Values extends FieldValues, Request extends FieldValues, Output>(
  resolver: Resolver<Request, unknown, Output>,
  convert: (values: Values) => unknown,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(
      convert(values) as Request,
      context,
      options as unknown as ResolverOptions<Request>,
    );
    return result as unknown as ResolverResult<Values, Output>;
  };
}

/** A resolver whose validator (zod and the domain's schema) loads when first needed, see {@link lazyResolver}. */
export type LazyResolver<Values extends FieldValues, Output> = Resolver<Values, unknown, Output> & {
  /** Starts loading now (a form calls it once it is on screen), so the first submit does not wait. */
  preload(): void;
};

/**
 * A resolver loaded on its own chunk (`load` imports a module that builds it from a domain schema), for
 * a form on a screen where every visit starts: that screen's first download then carries neither zod
 * nor the schema (issue 16). The form preloads it once shown; a submit before it arrives waits for it.
 */
export function lazyResolver<Values extends FieldValues, Output>(
  load: () => Promise<Resolver<Values, unknown, Output>>,
): LazyResolver<Values, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: LazyResolver<Values, Output> = async (values, context, options) =>
    (await loadOnce())(values, context, options);
  resolver.preload = () => {
    loadOnce().catch((error: unknown) => console.debug('[form] validation failed to load', error));
  };
  return resolver;
}
