import {
  createContextKey,
  createContextValues,
  type CallOptions,
  type Interceptor,
} from '@connectrpc/connect';

/** List filters as the server reads them: field name to a value or a list of accepted values. */
export type Filters = Readonly<Record<string, unknown>>;

/** Per-call filters travel through Connect's context values, so call sites stay typed. */
export const filtersKey = createContextKey<Filters | undefined>(undefined, {
  description: 'list filters sent in the filters header',
});

/**
 * Header text for a set of filters. Fetch refuses header values outside Latin-1, and a shop's
 * filters hold names like "Créateur" or "東京", so the JSON is URI-encoded; the server decodes it
 * with decodeURIComponent.
 */
export function encodeFilters(filters: Filters): string {
  return encodeURIComponent(JSON.stringify(filters));
}

/** Call options carrying filters, e.g. `client.list(request, withFilters({ status: 'DRAFT' }))`. */
export function withFilters(filters: Filters, options: CallOptions = {}): CallOptions {
  const contextValues = options.contextValues ?? createContextValues();
  return { ...options, contextValues: contextValues.set(filtersKey, filters) };
}

/** Sends the call's filters, if any, as JSON in the `filters` header. */
export function filtersInterceptor(): Interceptor {
  return (next) => (req) => {
    const filters = req.contextValues.get(filtersKey);
    if (filters && Object.keys(filters).length > 0) {
      req.header.set('filters', encodeFilters(filters));
    }
    return next(req);
  };
}
