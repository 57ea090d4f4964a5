import type { DescService } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';

/** A method's local name on a generated service (`createOrUpdateDraft` on DepositService). */
export type MethodOf<S extends DescService> = keyof S['method'] & string;

/**
 * Some methods of one service, keyed by its generated descriptor rather than a type-name string.
 * `K` names the methods at the type level only, so `server/services/coverage.ts` can tell which
 * contract methods have no handler and fail the typecheck.
 */
export interface ServicePart<S extends DescService = DescService, K extends string = string> {
  readonly service: S;
  /** Checked against the contract by `implement`; kept loose here so parts mix in one list. */
  readonly handlers: object;
  /** Never set: carries the method names for the coverage check. */
  readonly methodNames?: K;
}

/**
 * One area's handlers for one service, typed by Connect's `ServiceImpl`: a wrong request or
 * response type, or a key the contract does not have (a renamed or removed method), fails tsc.
 */
export function implement<S extends DescService, H extends Partial<ServiceImpl<S>>>(
  service: S,
  handlers: H & Record<Exclude<keyof H, MethodOf<S>>, never>,
): ServicePart<S, keyof H & string> {
  return { service, handlers };
}

/**
 * A handler built from descriptors at run time (the generic update, list and export, the photo
 * calls shared by deposit and product photos): its messages are checked by `create()` as it
 * runs, not by the contract's types. Its method name is still checked by `implement`.
 */
export function tableDriven(handler: (...args: never[]) => unknown): never {
  return handler as never;
}
