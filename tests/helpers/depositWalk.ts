import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  type AbandonReason,
  DepositService,
  DepositStatus,
  type Deposit,
  type DepositSchema,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { DemoUser, TestServer } from './testServer.ts';

/** The working steps after RECEIVED, in order: a deposit reaches any of them one step at a time. */
export const WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
  DepositStatus.INLINE,
];

/** An identity document shown at reception, as the police register records it. */
export const RECEPTION_ID_DOCUMENT = {
  receptionIdDocumentType: 'Carte nationale d’identité',
  receptionIdDocumentNumber: 'X4RTBPFW4',
  receptionIdDocumentAuthority: 'Préfecture de Paris',
  receptionIdDocumentDate: '2021-03-15',
} as const;

/** A status change (and the fields said with it) sent by `who` through the deposit rules. */
export function setDepositStatus(
  t: TestServer,
  who: DemoUser,
  deposit: Deposit,
  status: DepositStatus,
  extra: { abandonReason?: AbandonReason; abandonReasonComment?: string } = {},
): Promise<Deposit> {
  return t.client(DepositService, who).partialUpdate({
    deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status, ...extra },
    updateMask: { paths: ['status', ...Object.keys(extra)] },
  });
}

/**
 * A fresh deposit created by an admin (at RECEIVED, or at `status` when it comes before) and
 * walked by them through the rules, one step at a time, to `status`.
 */
export async function depositWalkedTo(
  t: TestServer,
  status: DepositStatus,
  fields: Omit<MessageInitShape<typeof DepositSchema>, '$typeName' | 'status'>,
): Promise<Deposit> {
  const start = status <= DepositStatus.RECEIVED ? status : DepositStatus.RECEIVED;
  let deposit = await t.client(DepositService, 'admin').create({
    // A professional vendor's reception needs the depositor's identity document (police register).
    deposit: { ...RECEPTION_ID_DOCUMENT, ...fields, status: start },
  });
  for (const step of WALK) {
    if (step > status) break;
    deposit = await setDepositStatus(t, 'admin', deposit, step);
  }
  return deposit;
}
