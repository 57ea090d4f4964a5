import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { parseReason, toAppError, type AppError } from './errors.ts';

const reasoned = (code: Code, reason: string, message: string) =>
  new ConnectError(JSON.stringify({ code: reason, message }), code);

type Row = [label: string, error: unknown, expected: AppError];

const table: Row[] = [
  [
    "value outside the contracts' limits",
    new ConnectError(
      JSON.stringify({
        code: 'FIELD_INVALID',
        message: 'deposit.name: value length must be at most 255 characters',
        field: 'deposit.name',
        rule: 'string.max_len',
      }),
      Code.InvalidArgument,
    ),
    {
      code: 'invalidRequest',
      retryable: false,
      i18nKey: 'errors.fieldInvalid',
      silent: false,
      reason: 'FIELD_INVALID',
      message: 'deposit.name: value length must be at most 255 characters',
      field: 'deposit.name',
    },
  ],
  [
    'unreadable request body',
    reasoned(Code.InvalidArgument, 'REQUEST_UNREADABLE', 'The request body is not valid'),
    {
      code: 'invalidRequest',
      retryable: false,
      i18nKey: 'errors.requestUnreadable',
      silent: false,
      reason: 'REQUEST_UNREADABLE',
      message: 'The request body is not valid',
    },
  ],
  [
    'cancelled call',
    new ConnectError('operation was aborted', Code.Canceled),
    { code: 'cancelled', retryable: false, i18nKey: 'errors.cancelled', silent: true },
  ],
  [
    'aborted fetch',
    new DOMException('The user aborted a request.', 'AbortError'),
    { code: 'cancelled', retryable: false, i18nKey: 'errors.cancelled', silent: true },
  ],
  [
    'expired token',
    reasoned(Code.Unauthenticated, 'TOKEN_INVALID', 'The access token is invalid or expired'),
    {
      code: 'unauthenticated',
      retryable: false,
      i18nKey: 'errors.unauthenticated',
      silent: false,
      reason: 'TOKEN_INVALID',
      message: 'The access token is invalid or expired',
    },
  ],
  [
    'subscription gate',
    reasoned(Code.PermissionDenied, 'SUBSCRIPTION_UPDATE_NEEDED', 'Your PRO plan has expired'),
    {
      code: 'subscriptionUpdateNeeded',
      retryable: false,
      i18nKey: 'errors.subscriptionUpdateNeeded',
      silent: false,
      reason: 'SUBSCRIPTION_UPDATE_NEEDED',
      message: 'Your PRO plan has expired',
    },
  ],
  [
    'subscription gate under another code, wrapped in proxy text',
    new ConnectError(
      'upstream said: {"code":"SUBSCRIPTION_UPDATE_NEEDED","message":"Trial over"}',
      Code.FailedPrecondition,
    ),
    {
      code: 'subscriptionUpdateNeeded',
      retryable: false,
      i18nKey: 'errors.subscriptionUpdateNeeded',
      silent: false,
      reason: 'SUBSCRIPTION_UPDATE_NEEDED',
      message: 'Trial over',
    },
  ],
  [
    'forbidden',
    reasoned(Code.PermissionDenied, 'FORBIDDEN', 'Not yours'),
    {
      code: 'forbidden',
      retryable: false,
      i18nKey: 'errors.forbidden',
      silent: false,
      reason: 'FORBIDDEN',
      message: 'Not yours',
    },
  ],
  [
    'not found',
    reasoned(Code.NotFound, 'NOT_FOUND', 'No such deposit'),
    {
      code: 'notFound',
      retryable: false,
      i18nKey: 'errors.notFound',
      silent: false,
      reason: 'NOT_FOUND',
      message: 'No such deposit',
    },
  ],
  [
    'stale row version',
    reasoned(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE', 'Reload and try again'),
    {
      code: 'changedBySomeoneElse',
      retryable: false,
      i18nKey: 'errors.changedBySomeoneElse',
      silent: false,
      reason: 'CHANGED_BY_SOMEONE_ELSE',
      message: 'Reload and try again',
    },
  ],
  [
    'duplicate',
    reasoned(Code.AlreadyExists, 'DUPLICATE', 'Exists'),
    {
      code: 'duplicate',
      retryable: false,
      i18nKey: 'errors.duplicate',
      silent: false,
      reason: 'DUPLICATE',
      message: 'Exists',
    },
  ],
  [
    'bad filters',
    reasoned(Code.InvalidArgument, 'INVALID_FILTERS', 'Unknown filter: colour'),
    {
      code: 'invalidRequest',
      retryable: false,
      i18nKey: 'errors.invalidRequest',
      silent: false,
      reason: 'INVALID_FILTERS',
      message: 'Unknown filter: colour',
    },
  ],
  [
    'server down (plain text from a proxy)',
    new ConnectError('Bad Gateway', Code.Unavailable),
    { code: 'unavailable', retryable: true, i18nKey: 'errors.unavailable', silent: false },
  ],
  [
    'network failure before any answer',
    new TypeError('Failed to fetch'),
    { code: 'unavailable', retryable: true, i18nKey: 'errors.unavailable', silent: false },
  ],
  [
    'deadline',
    new ConnectError('deadline exceeded', Code.DeadlineExceeded),
    { code: 'timeout', retryable: true, i18nKey: 'errors.timeout', silent: false },
  ],
  [
    'rate limited',
    new ConnectError('slow down', Code.ResourceExhausted),
    { code: 'tooManyRequests', retryable: true, i18nKey: 'errors.tooManyRequests', silent: false },
  ],
  [
    'method missing on this server',
    new ConnectError('not implemented', Code.Unimplemented),
    { code: 'notImplemented', retryable: false, i18nKey: 'errors.notImplemented', silent: false },
  ],
  [
    'internal',
    new ConnectError('boom', Code.Internal),
    { code: 'unexpected', retryable: false, i18nKey: 'errors.unexpected', silent: false },
  ],
  [
    'a bug, not a call',
    new Error('undefined is not a function'),
    { code: 'unexpected', retryable: false, i18nKey: 'errors.unexpected', silent: false },
  ],
  [
    'a thrown string',
    'oops',
    { code: 'unexpected', retryable: false, i18nKey: 'errors.unexpected', silent: false },
  ],
];

describe('toAppError', () => {
  it.each(table)('maps %s', (_label, error, expected) => {
    expect(toAppError(error)).toEqual(expected);
  });

  it('only cancellations are silent', () => {
    const silent = table.filter(([, error]) => toAppError(error).silent).map(([label]) => label);
    expect(silent).toEqual(['cancelled call', 'aborted fetch']);
  });
});

describe('parseReason', () => {
  it.each([
    ['{"code":"FORBIDDEN","message":"no"}', { reason: 'FORBIDDEN', message: 'no' }],
    ['{"code":"FORBIDDEN"}', { reason: 'FORBIDDEN', message: undefined }],
    ['plain text', {}],
    ['[1,2]', {}],
    ['{broken', {}],
    ['', {}],
  ])('reads %j', (raw, expected) => {
    expect(parseReason(raw)).toEqual(expected);
  });
});
