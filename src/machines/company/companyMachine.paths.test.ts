import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { CompanyRecord } from './companyForm.ts';
import { companyMachine, type CompanyLoaded } from './companyMachine.ts';

type Snapshot = SnapshotFrom<typeof companyMachine>;

const RECORD: CompanyRecord = {
  uuid: 'company-1',
  rowVersion: 1,
  title: 'Friperie Solidaire',
  siret: '73282932000074',
  websiteLink: 'https://friperie.example',
  taxEligible: true,
  negociatedPourcentageOnPrice: 25,
  address: '12 rue Mercière',
  postalCode: '69002',
  city: 'Lyon',
  useVendorAddressAsFacturationAddress: false,
  proofRegistration: '',
};
const PROOF_KEY = `companies/company-1/proof-${'a'.repeat(64)}.pdf`;
const PDF = new TextEncoder().encode('%PDF-1.4 kbis');
const TEXT = new TextEncoder().encode('not a pdf');
const VENDOR_ADDRESS = { address: '8 rue des Lilas', postalCode: '75011', city: 'Paris' };
const loaded = (isCompanyAdmin: boolean, company: CompanyRecord | null): CompanyLoaded => ({
  vendorAddress: VENDOR_ADDRESS,
  isCompanyAdmin,
  company,
});
const refused = (reason: string, code = Code.InvalidArgument) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

const EVENTS = [
  { type: 'company.change', field: 'title', value: 'Friperie Lyon' },
  { type: 'company.change', field: 'siret', value: '123' },
  { type: 'company.save' },
  { type: 'company.retry' },
  { type: 'company.reload' },
  {
    type: 'company.proof.upload',
    file: { data: PDF, contentType: 'application/pdf', filename: 'kbis.pdf' },
  },
  {
    type: 'company.proof.upload',
    file: { data: TEXT, contentType: 'application/pdf', filename: 'x.pdf' },
  },
  done('uploadProof', { ...RECORD, rowVersion: 2, proofRegistration: PROOF_KEY }),
  failure('uploadProof', refused('PROOF_FILE_TYPE')),
  failure('uploadProof', new ConnectError('down', Code.Unavailable)),
  done('loadCompany', loaded(true, RECORD)),
  done('loadCompany', loaded(false, RECORD)),
  done('loadCompany', loaded(false, null)),
  failure('loadCompany', new ConnectError('down', Code.Unavailable)),
  done('saveCompany', { ...RECORD, rowVersion: 2, title: 'Friperie Lyon' }),
  failure('saveCompany', refused('SIRET_INVALID')),
  failure('saveCompany', refused('CHANGED_BY_SOMEONE_ELSE', Code.Aborted)),
  failure('saveCompany', new ConnectError('down', Code.Unavailable)),
] as unknown as EventObject[];

function check(s: Snapshot, { where, event, emitted, started }: StepInfo<Snapshot>) {
  // A save starts only with a draft the shared rules accept.
  for (const call of started.filter((c) => c.id === 'saveCompany')) {
    expect(s.context.fieldErrors, where).toEqual({});
    expect((call.input as { draft: unknown }).draft, where).not.toBeNull();
  }
  if (event.type === 'xstate.done.actor.saveCompany')
    expect(emitted, where).toEqual([{ type: 'company.saved' }]);
  // The server's SIRET refusal lands on the SIRET field, which gets the focus.
  if (event.type === 'xstate.error.actor.saveCompany' && s.context.fieldErrors.siret) {
    expect(s.context.focus?.field, where).toBe('siret');
    expect(s.context.touched, where).toContain('siret');
  }
  // A refused local save focuses the first refused field.
  if (event.type === 'company.save' && s.matches('editing') && s.context.focus)
    expect(s.context.fieldErrors[s.context.focus.field], where).toBeDefined();
  // A file the shared check refuses is not sent; its reason shows on the proof field.
  for (const call of started.filter((c) => c.id === 'uploadProof')) {
    const { file } = call.input as { file: { data: Uint8Array } };
    expect(file.data, where).toBe(PDF);
    expect(s.context.record, where).not.toBeNull();
  }
  if (event.type === 'company.proof.upload' && s.context.record && s.matches('editing'))
    expect(s.context.proofRefusal, where).toBe('PROOF_FILE_TYPE');
  // An uploaded proof moves the row version (the next save is not stale) and keeps the draft.
  if (event.type === 'xstate.done.actor.uploadProof') {
    expect(s.context.record?.proofRegistration, where).toBe(PROOF_KEY);
    expect(s.context.record?.rowVersion, where).toBe(2);
    expect(s.context.proofRefusal, where).toBeNull();
  }
  if (event.type === 'xstate.error.actor.uploadProof')
    expect(s.context.proofRefusal ?? s.context.proofErrorCode, where).not.toBeNull();
  if (s.matches('uploadingProof')) expect(s.hasTag('busy'), where).toBe(true);
  if (s.hasTag('editable')) expect(s.context.draft, where).not.toBeNull();
  if (s.hasTag('readOnly')) {
    expect(s.context.draft, where).toBeNull();
    expect(s.context.record, where).not.toBeNull();
  }
}

describePaths(
  'companyMachine',
  walkPaths({
    machine: companyMachine,
    input: { vendorUuid: 'vendor-1' },
    events: EVENTS,
    errorOf: (s) => s.context.errorCode,
    // The focus counter only tells the view to move the focus again: not a state of its own.
    serializeState: (s) =>
      JSON.stringify([s.value, { ...s.context, focus: s.context.focus?.field ?? null }]),
    check,
  }),
  {
    title: 'of the administrator’s edits',
    events: [EVENTS[1]!, EVENTS[2]!, EVENTS[4]!, EVENTS[5]!, EVENTS[9]!, EVENTS[10]!, EVENTS[11]!],
    atLeast: () => 1,
  },
);
