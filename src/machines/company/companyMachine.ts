import { assign, emit, fromPromise, setup } from 'xstate';
import type {
  CompanyField,
  CompanyReason,
  PostalAddress,
} from '../../domain/company/companyRules.ts';
import { proofProblem, type ProofReason } from '../../domain/company/proofFile.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  draftOf,
  draftProblems,
  emptyDraft,
  fieldOfReason,
  firstField,
  type CompanyDraft,
  type CompanyRecord,
} from './companyForm.ts';

/** A chosen proof of registration file, read into memory. */
export interface ProofFile {
  readonly data: Uint8Array;
  readonly contentType: string;
  readonly filename: string;
}

/** An upload of the proof of registration of the loaded company. */
export interface UploadProofInput {
  readonly company: string;
  readonly file: ProofFile;
}

/** What loading finds: the vendor's address and role, and their company when they have one. */
export interface CompanyLoaded {
  readonly vendorAddress: PostalAddress;
  readonly isCompanyAdmin: boolean;
  readonly company: CompanyRecord | null;
}

/** A save: create a new company, or update the loaded one (row_version guarded). */
export interface SaveCompanyInput {
  readonly record: CompanyRecord | null;
  readonly draft: CompanyDraft;
}

export interface CompanyContext {
  readonly vendorUuid: string;
  readonly record: CompanyRecord | null;
  readonly vendorAddress: PostalAddress | null;
  readonly draft: CompanyDraft | null;
  /** Refused fields with their reason (the rules' or the server's); shown once touched or saved. */
  readonly fieldErrors: Partial<Record<CompanyField, CompanyReason>>;
  readonly touched: readonly CompanyField[];
  /** The field the view moves the focus to, bumped at each refused save. */
  readonly focus: { readonly field: CompanyField; readonly n: number } | null;
  /** Why a save was refused when no field is to blame; the form stays open. */
  readonly saveError: AppErrorCode | null;
  /** Why loading failed, or that the company was changed meanwhile. */
  readonly errorCode: AppErrorCode | null;
  /** Why the last proof of registration was refused (its file), or why its upload failed. */
  readonly proofRefusal: ProofReason | null;
  readonly proofErrorCode: AppErrorCode | null;
}

export type CompanyEvent =
  | { type: 'company.change'; field: CompanyField; value: string | boolean }
  | { type: 'company.save' }
  | { type: 'company.retry' }
  | { type: 'company.reload' }
  | { type: 'company.proof.upload'; file: ProofFile };

const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
const focusOn = (context: CompanyContext, field: CompanyField | null) =>
  field ? { field, n: (context.focus?.n ?? 0) + 1 } : context.focus;

/**
 * The company tab of edit-profile: the administrator edits the company, a vendor without one
 * creates it (and becomes its administrator), other members read it. The rules of
 * src/domain/company run on every change; a refusal by the server lands on the field it names,
 * and a refused save moves the focus to the first wrong field. Tags: `busy`, `editable`,
 * `readOnly`, `error`.
 */
export const companyMachine = setup({
  types: {
    context: {} as CompanyContext,
    events: {} as CompanyEvent,
    input: {} as { vendorUuid: string },
    emitted: {} as { type: 'company.saved' },
  },
  actors: {
    loadCompany: fromPromise<CompanyLoaded, { vendorUuid: string }>(() =>
      Promise.reject(new Error('loadCompany not provided')),
    ),
    saveCompany: fromPromise<CompanyRecord, SaveCompanyInput>(() =>
      Promise.reject(new Error('saveCompany not provided')),
    ),
    uploadProof: fromPromise<CompanyRecord, UploadProofInput>(() =>
      Promise.reject(new Error('uploadProof not provided')),
    ),
  },
  guards: {
    canEdit: (_, params: { loaded: CompanyLoaded }) =>
      params.loaded.company === null || params.loaded.isCompanyAdmin,
    isDraftValid: ({ context }) => Object.keys(context.fieldErrors).length === 0,
    isFieldRefusal: (_, params: { error: unknown }) =>
      fieldOfReason(toAppError(params.error).reason) !== null,
    isStale: (_, params: { error: unknown }) =>
      toAppError(params.error).code === 'changedBySomeoneElse',
    hasRecord: ({ context }) => context.record !== null,
    canUploadProof: ({ context, event }) =>
      context.record !== null &&
      event.type === 'company.proof.upload' &&
      proofProblem(event.file.data) === undefined,
  },
  actions: {
    assignLoaded: assign((_, params: { loaded: CompanyLoaded; editable: boolean }) => {
      const { company } = params.loaded;
      const draft = !params.editable ? null : company ? draftOf(company) : emptyDraft();
      return {
        record: company,
        vendorAddress: params.loaded.vendorAddress,
        draft,
        fieldErrors: draft ? draftProblems(draft) : {},
        touched: [],
        saveError: null,
        errorCode: null,
      };
    }),
    changeDraft: assign(({ context }, params: { field: CompanyField; value: string | boolean }) => {
      if (!context.draft) return {};
      const draft = { ...context.draft, [params.field]: params.value };
      return {
        draft,
        fieldErrors: draftProblems(draft),
        touched: context.touched.includes(params.field)
          ? context.touched
          : [...context.touched, params.field],
        saveError: null,
      };
    }),
    showRefusedFields: assign(({ context }) => ({
      touched: Object.keys(context.fieldErrors) as CompanyField[],
      focus: focusOn(context, firstField(context.fieldErrors)),
    })),
    assignSaved: assign((_, params: { record: CompanyRecord }) => ({
      record: params.record,
      draft: draftOf(params.record),
      fieldErrors: draftProblems(draftOf(params.record)),
      touched: [],
      saveError: null,
    })),
    assignFieldRefusal: assign(({ context }, params: { error: unknown }) => {
      const reason = toAppError(params.error).reason as CompanyReason;
      const field = fieldOfReason(reason)!;
      return {
        fieldErrors: { ...context.fieldErrors, [field]: reason },
        touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
        focus: focusOn(context, field),
      };
    }),
    assignSaveError: assign((_, params: { error: unknown }) => ({
      saveError: toAppError(params.error).code,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearErrors: assign({ errorCode: null, saveError: null }),
    refuseProofLocally: assign((_, params: { file: ProofFile }) => ({
      proofRefusal: proofProblem(params.file.data) ?? null,
      proofErrorCode: null,
    })),
    clearProofError: assign({ proofRefusal: null, proofErrorCode: null }),
    /** The upload moved the row's version and proof; the draft being typed stays as it is. */
    assignUploaded: assign(({ context }, params: { record: CompanyRecord }) => ({
      record: context.record && {
        ...context.record,
        rowVersion: params.record.rowVersion,
        proofRegistration: params.record.proofRegistration,
      },
    })),
    assignProofError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      const reason = error.reason === 'PROOF_FILE_TYPE' || error.reason === 'PROOF_FILE_SIZE';
      return {
        proofRefusal: reason ? (error.reason as ProofReason) : null,
        proofErrorCode: reason ? null : error.code,
      };
    }),
    emitSaved: emit({ type: 'company.saved' as const }),
  },
}).createMachine({
  id: 'company',
  initial: 'loading',
  context: ({ input }) => ({
    vendorUuid: input.vendorUuid,
    record: null,
    vendorAddress: null,
    draft: null,
    fieldErrors: {},
    touched: [],
    focus: null,
    saveError: null,
    errorCode: null,
    proofRefusal: null,
    proofErrorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCompany',
        src: 'loadCompany',
        input: ({ context }) => ({ vendorUuid: context.vendorUuid }),
        onDone: [
          {
            guard: { type: 'canEdit', params: ({ event }) => ({ loaded: event.output }) },
            target: 'editing',
            actions: {
              type: 'assignLoaded',
              params: ({ event }) => ({ loaded: event.output, editable: true }),
            },
          },
          {
            target: 'reading',
            actions: {
              type: 'assignLoaded',
              params: ({ event }) => ({ loaded: event.output, editable: false }),
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'company.retry': { target: 'loading', actions: 'clearErrors' } },
    },
    reading: { tags: ['readOnly'] },
    editing: {
      tags: ['editable'],
      on: {
        'company.change': {
          actions: {
            type: 'changeDraft',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'company.save': [
          { guard: 'isDraftValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'showRefusedFields' },
        ],
        // The proof uploads as soon as it is chosen, for a company that exists; a file the shared
        // check refuses (type by its first bytes, size) is not sent.
        'company.proof.upload': [
          {
            guard: 'canUploadProof',
            target: 'uploadingProof',
            actions: 'clearProofError',
          },
          {
            guard: 'hasRecord',
            actions: { type: 'refuseProofLocally', params: ({ event }) => ({ file: event.file }) },
          },
        ],
      },
    },
    uploadingProof: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'uploadProof',
        src: 'uploadProof',
        input: ({ context, event }) => ({
          company: context.record!.uuid,
          file: (event as Extract<CompanyEvent, { type: 'company.proof.upload' }>).file,
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignUploaded', params: ({ event }) => ({ record: event.output }) },
        },
        onError: { target: 'editing', actions: { type: 'assignProofError', params: errorOf } },
      },
    },
    saving: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'saveCompany',
        src: 'saveCompany',
        input: ({ context }) => ({ record: context.record, draft: context.draft! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ record: event.output }) },
            'emitSaved',
          ],
        },
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: errorOf },
            target: 'editing',
            actions: { type: 'assignFieldRefusal', params: errorOf },
          },
          {
            guard: { type: 'isStale', params: errorOf },
            target: 'stale',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'editing', actions: { type: 'assignSaveError', params: errorOf } },
        ],
      },
    },
    stale: {
      tags: ['error'],
      on: { 'company.reload': { target: 'loading', actions: 'clearErrors' } },
    },
  },
});
