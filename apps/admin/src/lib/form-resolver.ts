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
