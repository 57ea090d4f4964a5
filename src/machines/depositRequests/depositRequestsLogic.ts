import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ProductFamilySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, type DepositRequest } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { MailKindSchema, OutboxMailService } from '../../rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { createPagedListMachine, type Page, type PageQuery } from '../shared/pagedListMachine.ts';
import {
  depositRequestsMachine,
  type AssignInput,
  type RequestRow,
  type RequestsPage,
} from './depositRequestsMachine.ts';

export function requestRow(request: DepositRequest): RequestRow {
  const d = request.deposit;
  return {
    uuid: d?.uuid ?? '',
    name: d?.name ?? '',
    family: d ? enumLabel(ProductFamilySchema, d.family) : null,
    postalCode: d?.customerPostalCode ?? '',
    description: d?.description ?? '',
    rowVersion: d?.rowVersion ?? 0,
    requestedAt: toMs(request.requestedAt),
    dueAt: toMs(request.dueAt),
    candidates: request.candidates.map((c) => ({
      vendor: c.vendor,
      vendorName: c.vendorName,
      wantedAt: toMs(c.wantedAt),
    })),
  };
}

/** The admin requests screen over DepositService (ListRequests, Assign). */
export function depositRequestsLogic(clients: ClientFactory) {
  const client = clients.get(DepositService);
  return depositRequestsMachine.provide({
    actors: {
      loadRequests: fromPromise<RequestsPage, { page: number; pageSize: number }>(
        async ({ input, signal }) => {
          const answer = await client.listRequests(
            { pagination: { page: input.page, pageSize: input.pageSize } },
            { signal },
          );
          return {
            rows: answer.results.map(requestRow).filter((r) => r.uuid !== ''),
            count: answer.count,
          };
        },
      ),
      assignDeposit: fromPromise<void, AssignInput>(async ({ input, signal }) => {
        await client.assign(
          { uuid: input.uuid, vendorUuid: input.vendor, rowVersion: input.rowVersion },
          { signal },
        );
      }),
    },
  });
}

/** One mail of the outbox, as the admin reads it. */
export interface OutboxRow {
  readonly uuid: string;
  /** DEPOSIT_CONFIRMATION, DEPOSIT_ASSIGNED... or null. */
  readonly kind: string | null;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  readonly createdAt: number | null;
  readonly sentAt: number | null;
  /** The SMTP server's refusal, '' when none. */
  readonly error: string;
}

/** Sent when the SMTP server accepted it, error when it refused, otherwise not sent (yet). */
export type OutboxStatus = 'sent' | 'error' | 'notSent';

export function outboxStatus(row: OutboxRow): OutboxStatus {
  if (row.error !== '') return 'error';
  return row.sentAt !== null ? 'sent' : 'notSent';
}

export const outboxMachine = createPagedListMachine<OutboxRow>('outbox');

/** The outbox over OutboxMailService.List, newest first. */
export function outboxLogic(clients: ClientFactory) {
  const client = clients.get(OutboxMailService);
  return outboxMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<OutboxRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: { page: input.page, pageSize: input.pageSize }, ordering: '-created_at' },
          { signal },
        );
        return {
          rows: answer.results.map((m) => ({
            uuid: m.uuid,
            kind: enumLabel(MailKindSchema, m.kind),
            recipient: m.recipient,
            subject: m.subject,
            body: m.body,
            createdAt: toMs(m.createdAt),
            sentAt: toMs(m.sentAt),
            error: m.error,
          })),
          count: answer.count,
        };
      }),
    },
  });
}
