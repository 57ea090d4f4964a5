import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  createAsyncIterable,
  readAllBytes,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from '@connectrpc/connect/protocol';
import {
  codeToHttpStatus,
  contentTypeUnaryJson,
  contentTypeUnaryProto,
  errorToJsonBytes,
} from '@connectrpc/connect/protocol-connect';
import { fail } from './reasons.ts';

function errorResponse(error: ConnectError): UniversalServerResponse {
  return {
    status: codeToHttpStatus(error.code),
    header: new Headers({ 'content-type': contentTypeUnaryJson }),
    body: createAsyncIterable([errorToJsonBytes(error, {})]),
  };
}

/** A Connect unary call with a binary, uncompressed body: the only kind read here. */
function isPlainBinaryUnary(req: UniversalServerRequest): boolean {
  return (
    req.method === 'POST' &&
    (req.header.get('content-type') ?? '').split(';')[0]!.trim() === contentTypeUnaryProto &&
    !req.header.get('content-encoding') &&
    typeof req.body === 'object' &&
    req.body !== null &&
    Symbol.asyncIterator in req.body
  );
}

function guard(handler: UniversalHandler, readMaxBytes: number): UniversalHandler {
  const guarded = async (req: UniversalServerRequest): Promise<UniversalServerResponse> => {
    if (!isPlainBinaryUnary(req)) return handler(req);
    let bytes: Uint8Array;
    try {
      bytes = await readAllBytes(
        req.body as AsyncIterable<Uint8Array>,
        readMaxBytes,
        req.header.get('content-length'),
      );
    } catch (error) {
      return errorResponse(ConnectError.from(error, Code.InvalidArgument));
    }
    try {
      fromBinary(handler.method.input, bytes);
    } catch {
      return errorResponse(
        fail(
          Code.InvalidArgument,
          'REQUEST_UNREADABLE',
          `The request body is not a valid ${handler.method.input.typeName}`,
        ),
      );
    }
    // Connect reads an already-read body as it is.
    return handler({ ...req, body: bytes as never });
  };
  return Object.assign(guarded, {
    service: handler.service,
    method: handler.method,
    protocolNames: handler.protocolNames,
    allowedMethods: handler.allowedMethods,
    requestPath: handler.requestPath,
    supportedContentType: handler.supportedContentType,
  });
}

/**
 * Connect turns a binary request body that does not decode into an `internal` error, before any
 * interceptor runs. A body no message can be read from is the caller's mistake: this answers it
 * with `invalid_argument` (reason `REQUEST_UNREADABLE`) for every unary method of the router,
 * reading the body under the same byte limit Connect applies. Call after the routes are
 * registered.
 */
export function refuseUndecodableRequests(router: ConnectRouter, readMaxBytes: number): void {
  router.handlers.splice(
    0,
    router.handlers.length,
    ...router.handlers.map((handler) => guard(handler, readMaxBytes)),
  );
}
