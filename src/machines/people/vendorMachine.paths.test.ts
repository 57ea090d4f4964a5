import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { CompanyRow, VendorRow } from './peopleRows.ts';
import { vendorMachine, type VendorEvent } from './vendorMachine.ts';

type Snapshot = SnapshotFrom<typeof vendorMachine>;

const UUID = 'vendor-1';
const vendor = (company: string): VendorRow => ({
  uuid: UUID,
  firstName: 'Valérie',
  lastName: 'Vendeuse',
  email: 'vendor@seconde.test',
  phoneNumber: '0611223344',
  address: '8 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  company,
  availability: 'AVAILABLE',
  onTrial: false,
  disabled: false,
  productNumber: 12,
  negotiatedPercentage: 40,
});
const COMPANY: CompanyRow = {
  uuid: 'company-1',
  title: 'Friperie Martin',
  siret: '12345678901234',
  websiteLink: '',
  taxEligible: true,
  negotiatedPercentage: 35,
  address: '8 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
};

const EVENTS = [
  { type: 'vendor.retry' } satisfies VendorEvent,
  done('loadVendor', { vendor: vendor(COMPANY.uuid), company: COMPANY }),
  done('loadVendor', { vendor: vendor(''), company: null }),
  failure('loadVendor', new ConnectError('{"code":"NOT_FOUND"}', Code.NotFound)),
  failure('loadVendor', new ConnectError('Bad Gateway', Code.Unavailable)),
];

function check(s: Snapshot, { where, started }: StepInfo<Snapshot>): void {
  const { detail } = s.context;
  for (const actor of started)
    expect(actor.input, `${where}: asks for its vendor`).toEqual({ uuid: UUID });
  // The record shows exactly when it is loaded, and the company shown is the vendor's own.
  expect(detail !== null, where).toBe(s.matches('ready'));
  if (detail) {
    expect(detail.vendor.uuid, where).toBe(s.context.uuid);
    expect(detail.company?.uuid ?? '', where).toBe(detail.vendor.company);
  }
  if (s.matches('failed'))
    expect(['notFound', 'unavailable'], where).toContain(s.context.errorCode);
}

const walk = walkPaths({
  machine: vendorMachine,
  input: { uuid: UUID },
  events: EVENTS,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('vendorMachine', walk);
