import type { RawBuilder } from 'kysely';
import type { ExportKind } from '../../src/domain/exports/exportColumns.ts';
import type { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import type { DemoUser, TestServer } from './testServer.ts';

/** One message of an export stream, as the server tests read it (row messages or packed rows). */
export interface ExportMessage {
  code: StreamCode;
  count: number;
  progress: number;
  cursor: string;
  labels: Record<string, string>;
  results: Record<string, unknown>[];
  rows: string;
}

export interface ExportRequest {
  ordering?: string;
  cursor?: string;
  search?: string;
  packedRows?: boolean;
}

export type ExportStream = (
  req: ExportRequest,
  options: { signal: AbortSignal },
) => AsyncIterable<ExportMessage>;

/** The export call of one kind, as a demo user (anonymous when undefined), with a filters header. */
export function exporter(
  t: TestServer,
  kind: ExportKind,
  who?: DemoUser,
  filters?: unknown,
): ExportStream {
  const call = {
    products: () => t.client(ProductService, who, filters).exportList,
    deposits: () => t.client(DepositService, who, filters).exportList,
    customers: () => t.client(CustomerService, who, filters).exportList,
    invoices: () => t.client(InvoiceService, who, filters).export,
  }[kind]();
  return call as unknown as ExportStream;
}

/** Whether a message carries rows, in either shape. */
const holdsRows = (message: ExportMessage) => message.results.length > 0 || message.rows !== '';

/** Reads a stream to its end, or aborts it after `batches` messages holding rows. */
export async function readExport(
  stream: ExportStream,
  req: ExportRequest = {},
  batches = Infinity,
): Promise<ExportMessage[]> {
  const controller = new AbortController();
  const messages: ExportMessage[] = [];
  try {
    for await (const message of stream(req, { signal: controller.signal })) {
      messages.push(message);
      if (holdsRows(message) && --batches === 0) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return messages;
}

/** The uuids a query answers, in its order: what a stream should deliver. */
export async function expectedUuids(t: TestServer, query: RawBuilder<unknown>): Promise<string[]> {
  const { rows } = await (query as RawBuilder<{ uuid: string }>).execute(t.server.db);
  return rows.map((r) => r.uuid);
}
