import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { DescMessage, Message } from '@bufbuild/protobuf';
import { pathToString } from '@bufbuild/protobuf/reflect';
import { createValidator, type Violation } from '@bufbuild/protovalidate';
import type { Reason } from './reasons.ts';

/**
 * The first broken rule of a request, as the client reads it: `field` is the path in the request
 * (`deposit.name`, `statuses[0]`), `rule` the rule's id (`string.max_len`, `enum.defined_only`).
 */
export interface FieldViolation {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

/**
 * Builds the error of a refused request. It carries the `FIELD_INVALID` reason in the same JSON
 * message as every other reason (see `fail` in reasons.ts), plus the field and the rule, so the
 * browser can say which input is wrong.
 */
export function fieldInvalid(violation: FieldViolation): ConnectError {
  return new ConnectError(
    JSON.stringify({
      code: 'FIELD_INVALID' satisfies Reason,
      message: `${violation.field}: ${violation.message}`,
      field: violation.field,
      rule: violation.rule,
    }),
    Code.InvalidArgument,
  );
}

function describe(violation: Violation): FieldViolation {
  return {
    field: pathToString(violation.field),
    rule: violation.ruleId,
    message: violation.message,
  };
}

/**
 * Checks every request message against the limits written in the contracts (`buf.validate`
 * options in proto/): lengths, ranges, list sizes, uuids and known enum values. The limits live
 * once, in the `.proto` files, so the browser, this server and any other client read the same
 * ones; no handler repeats them. Runs after authentication, before any handler. Stops at the
 * first broken rule, so a huge value costs one check.
 */
export function validateInterceptor(): Interceptor {
  const validator = createValidator({ failFast: true });
  const check = (schema: DescMessage, message: Message): void => {
    const result = validator.validate(schema, message);
    if (result.kind === 'valid') return;
    if (result.kind === 'invalid') throw fieldInvalid(describe(result.violations[0]!));
    // A rule that does not compile is a bug in the contracts, not the caller's fault.
    throw new ConnectError(`validation rules: ${result.error.message}`, Code.Internal);
  };
  return (next) => async (req) => {
    if (req.stream) {
      const schema = req.method.input;
      const messages = req.message;
      return next({
        ...req,
        message: (async function* () {
          for await (const message of messages) {
            check(schema, message);
            yield message;
          }
        })(),
      });
    }
    check(req.method.input, req.message);
    return next(req);
  };
}
