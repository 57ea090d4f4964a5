import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  createAsyncIterable,
  encodeEnvelope,
  readAllBytes,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from '@connectrpc/connect/protocol';
import {
  codeToHttpStatus,
  contentTypeStreamProto,
  contentTypeUnaryJson,
  contentTypeUnaryProto,
  endStreamFlag,
  endStreamToJson,
  errorToJsonBytes,
} from '@connectrpc/connect/protocol-connect';
import { fail } from './reasons.ts';

function unaryError(error: ConnectError): UniversalServerResponse {
  return {
    status: codeToHttpStatus(error.code),
    header: new Headers({ 'content-type': contentTypeUnaryJson }),
    body: createAsyncIterable([errorToJsonBytes(error, {})]),
  };
}

/** A streamed call's error travels in the end-of-stream message, with HTTP 200. */
function streamError(error: ConnectError): UniversalServerResponse {
  const json = JSON.stringify(endStreamToJson(new Headers(), error, {}));
  return {
    status: 200,
    header: new Headers({ 'content-type': contentTypeStreamProto }),
    body: createAsyncIterable([encodeEnvelope(endStreamFlag, new TextEncoder().encode(json))]),
  };
}

const unreadable = (handler: UniversalHandler): ConnectError =>
  fail(
    Code.InvalidArgument,
    'REQUEST_UNREADABLE',
    `The request body is not a valid ${handler.method.input.typeName}`,
  );

function decodes(handler: UniversalHandler, bytes: Uint8Array): boolean {
  try {
    fromBinary(handler.method.input, bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which Connect body this is, when it is one read here: binary and uncompressed, a unary call's
 * message or a server-streamed call's one enveloped message.
 */
function plainBinaryKind(
  handler: UniversalHandler,
  req: UniversalServerRequest,
): 'unary' | 'stream' | undefined {
  if (req.method !== 'POST' || typeof req.body !== 'object' || req.body === null) return undefined;
  if (!(Symbol.asyncIterator in req.body)) return undefined;
  const type = (req.header.get('content-type') ?? '').split(';')[0]!.trim();
  if (type === contentTypeUnaryProto && !req.header.get('content-encoding')) return 'unary';
  if (
    type === contentTypeStreamProto &&
    handler.method.methodKind === 'server_streaming' &&
    !req.header.get('connect-content-encoding')
  )
    return 'stream';
  return undefined;
}

function guard(handler: UniversalHandler, readMaxBytes: number): UniversalHandler {
  const guarded = async (req: UniversalServerRequest): Promise<UniversalServerResponse> => {
    const kind = plainBinaryKind(handler, req);
    if (!kind) return handler(req);
    const answer = kind === 'unary' ? unaryError : streamError;
    let bytes: Uint8Array;
    try {
      bytes = await readAllBytes(
        req.body as AsyncIterable<Uint8Array>,
        // A streamed message comes with its 5-byte envelope header.
        kind === 'unary' ? readMaxBytes : readMaxBytes + 5,
        req.header.get('content-length'),
      );
    } catch (error) {
      return answer(ConnectError.from(error, Code.InvalidArgument));
    }
    if (kind === 'unary') {
      if (!decodes(handler, bytes)) return unaryError(unreadable(handler));
      // Connect reads an already-read unary body as it is.
      return handler({ ...req, body: bytes as never });
    }
    // One uncompressed envelope holding the whole message; anything else is left to Connect.
    const length =
      bytes.length >= 5
        ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(1)
        : -1;
    if (bytes[0] === 0 && length === bytes.length - 5 && !decodes(handler, bytes.subarray(5)))
      return streamError(unreadable(handler));
    return handler({ ...req, body: createAsyncIterable([bytes]) });
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
 * with `invalid_argument` (reason `REQUEST_UNREADABLE`) for every unary and server-streaming
 * method of the router (Connect protocol, binary, uncompressed: what the app and its clients
 * send), reading the body under the same byte limit Connect applies. Call after the routes are
 * registered.
 */
export function refuseUndecodableRequests(router: ConnectRouter, readMaxBytes: number): void {
  router.handlers.splice(
    0,
    router.handlers.length,
    ...router.handlers.map((handler) => guard(handler, readMaxBytes)),
  );
}
