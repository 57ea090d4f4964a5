import { toAppError } from '../../rpc/errors.ts';

/** Where the provider's page is, or why it refused to give one (its error code). */
export interface ProviderPage {
  readonly url: string;
  readonly errorCode: string | null;
}

/** What a machine that sends the browser to one of the provider's pages keeps. */
export interface ProviderPageContext {
  /** An app error code, or `providerRefused:<the provider's code>` when the provider said no. */
  readonly errorCode: string | null;
  /** The text of that error (views translate it). */
  readonly errorKey: string | null;
  /** The provider's page the browser is sent to. */
  readonly leavingFor: string | null;
}

/** The `hasPage` guard: the provider gave a page to leave for. */
export const hasPage = (_: unknown, params: { output: ProviderPage }) => !!params.output.url;

/** The context the `assignRefusal` action writes: the provider said no. */
export const refusalOf = (_: unknown, params: { output: ProviderPage }) => ({
  errorCode: `providerRefused:${params.output.errorCode ?? 'unknown'}`,
  errorKey: 'billing.providerRefused',
});

/** The context the `assignError` action writes: our server or the network failed. */
export const errorOf = (_: unknown, params: { error: unknown }) => {
  const error = toAppError(params.error);
  return { errorCode: error.code, errorKey: error.i18nKey };
};

/** The context the `assignLeavingFor` action writes. */
export const leavingFor = (_: unknown, params: { output: ProviderPage }) => ({
  leavingFor: params.output.url,
});

/**
 * The outcome of an actor that asks our server for one of the provider's pages (checkout,
 * portal): to `leaving` with its address, or to `refused` with the provider's refusal or the
 * failure. Spread into the invoke; the machine names the guard and actions above.
 */
export const toProviderPage = {
  onDone: [
    {
      guard: {
        type: 'hasPage',
        params: ({ event }: { event: { output: ProviderPage } }) => ({ output: event.output }),
      },
      target: 'leaving',
      actions: {
        type: 'assignLeavingFor',
        params: ({ event }: { event: { output: ProviderPage } }) => ({ output: event.output }),
      },
    },
    {
      target: 'refused',
      actions: {
        type: 'assignRefusal',
        params: ({ event }: { event: { output: ProviderPage } }) => ({ output: event.output }),
      },
    },
  ],
  onError: {
    target: 'refused',
    actions: {
      type: 'assignError',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
} as const;
