import { Code, ConnectError } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import { hasErrors, validateCriteria } from '../../domain/newDeposit/depositForm.ts';
import type { GouvConfig } from '../../rpc/config.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService, ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, type Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { PublicDepositService } from '../../rpc/gen/seconde/v1/public_deposit_pb.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { addressMachine } from './addressMachine.ts';
import {
  contactFromDraft,
  criteriaFromDraft,
  fromEnum,
  infoFromDraft,
  toCustomer,
  toDraft,
} from './draftMapping.ts';
import { newDraftToken, type DraftStore, type StoredDraft } from './draftStore.ts';
import { fetchDepartments, searchAddresses } from './gouv.ts';
import {
  EMPTY_CONTACT,
  EMPTY_CRITERIA,
  EMPTY_INFO,
  type ReferenceLists,
  type Restored,
  type Saved,
  type SaveInput,
} from './newDepositTypes.ts';

export interface NewDepositDeps {
  readonly clients: ClientFactory;
  readonly store: DraftStore;
  readonly gouv: GouvConfig;
  readonly fetch?: typeof fetch;
}

function fresh(): Restored {
  return {
    token: newDraftToken(),
    customerUuid: null,
    draft: null,
    contact: EMPTY_CONTACT,
    criteria: EMPTY_CRITERIA,
    info: EMPTY_INFO,
    addressPicked: false,
    addressManual: false,
    reached: 'contact',
  };
}

const refOf = (d: Deposit) => ({ uuid: d.uuid, rowVersion: d.rowVersion });

/** The draft is gone (sent, or this token opens nothing any more): start over. */
function isGone(error: unknown): boolean {
  const code = ConnectError.from(error).code;
  return code === Code.NotFound || code === Code.PermissionDenied;
}

/** The real actors of the flow and of its address form. */
export function createNewDepositActors(deps: NewDepositDeps) {
  const publicDeposits = deps.clients.get(PublicDepositService);
  const deposits = deps.clients.get(DepositService);
  const remember = (input: SaveInput, customerUuid: string) => {
    const kept: StoredDraft = {
      token: input.token,
      customerUuid,
      contact: input.contact,
      info: input.info,
      addressPicked: input.addressPicked,
      addressManual: input.addressManual,
    };
    deps.store.save(kept);
  };

  const saveDraft = async (input: SaveInput, signal: AbortSignal, withAddress: boolean) => {
    const started = await publicDeposits.start(
      {
        contact: toCustomer(input.contact, withAddress ? input.info : null),
        draftToken: input.token,
      },
      { signal },
    );
    const saved = await deposits.createOrUpdateDraft(
      {
        draftToken: input.token,
        deposit: toDraft(input, started.draft ? refOf(started.draft) : null),
      },
      { signal },
    );
    remember(input, started.customerUuid);
    return {
      customerUuid: started.customerUuid,
      alreadyExisting: started.alreadyExisting,
      draft: refOf(saved),
    } satisfies Saved;
  };

  return {
    restoreDraft: fromPromise<Restored>(async ({ signal }) => {
      const stored = deps.store.load();
      if (!stored) return fresh();
      const kept: Restored = { ...fresh(), ...stored, draft: null, criteria: EMPTY_CRITERIA };
      if (!stored.customerUuid) return kept;
      let deposit: Deposit | undefined;
      try {
        const answer = await deposits.getDraft(
          { customerUuid: stored.customerUuid, draftToken: stored.token },
          { signal },
        );
        deposit = answer.deposit;
      } catch (error) {
        if (!isGone(error)) throw error;
      }
      if (!deposit) {
        deps.store.clear();
        return fresh();
      }
      const criteria = criteriaFromDraft(deposit);
      return {
        ...kept,
        draft: refOf(deposit),
        contact: contactFromDraft(deposit, stored.contact),
        criteria,
        info: infoFromDraft(deposit, stored.info),
        reached: hasErrors(validateCriteria(criteria)) ? 'criteria' : 'info',
      };
    }),
    saveContact: fromPromise<Saved, SaveInput>(({ input, signal }) =>
      saveDraft(input, signal, false),
    ),
    saveCriteria: fromPromise<Saved, SaveInput>(async ({ input, signal }) => {
      const saved = await deposits.createOrUpdateDraft(
        { draftToken: input.token, deposit: toDraft(input, input.draft) },
        { signal },
      );
      remember(input, input.customerUuid ?? saved.customer);
      return {
        customerUuid: input.customerUuid ?? saved.customer,
        alreadyExisting: false,
        draft: refOf(saved),
      };
    }),
    saveInfo: fromPromise<Saved, SaveInput>(({ input, signal }) => saveDraft(input, signal, true)),
    submitDraft: fromPromise<void, SaveInput>(async ({ input, signal }) => {
      await publicDeposits.submit(
        { customerUuid: input.customerUuid ?? '', draftToken: input.token },
        { signal },
      );
      deps.store.clear();
    }),
    loadLists: fromPromise<ReferenceLists>(async ({ signal }) => {
      const [categories, brands] = await Promise.all([
        deps.clients
          .get(CategoryService)
          .list({ pagination: { pageSize: 5000 }, ordering: 'order' }, { signal }),
        deps.clients
          .get(BrandService)
          .list({ pagination: { pageSize: 5000 }, ordering: 'name' }, { signal }),
      ]);
      return {
        categories: categories.results.map((c) => ({
          uuid: c.uuid,
          name: c.name,
          family: fromEnum(ProductFamily, c.family),
        })),
        brands: brands.results
          .filter((b) => !b.refusedByProvider)
          .map((b) => ({ uuid: b.uuid, name: b.name, family: '' })),
      };
    }),
    address: addressMachine.provide({
      actors: {
        searchAddresses: fromPromise(
          ({ input, signal }: { input: { text: string }; signal: AbortSignal }) =>
            searchAddresses(deps.gouv.addressApiUrl, input.text, signal, deps.fetch),
        ),
        loadDepartments: fromPromise(({ signal }) =>
          fetchDepartments(deps.gouv.geoApiUrl, signal, deps.fetch),
        ),
      },
    }),
  };
}

export type NewDepositActors = ReturnType<typeof createNewDepositActors>;
