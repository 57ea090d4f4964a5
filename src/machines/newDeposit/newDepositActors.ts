import { Code, ConnectError } from '@connectrpc/connect';
import { fromCallback, fromPromise } from 'xstate';
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

/** Pause after the last keystroke before the form as typed is written to the browser's storage. */
export const KEEP_TYPED_DEBOUNCE_MS = 400;

function storedOf(input: SaveInput, customerUuid: string | null): StoredDraft {
  return {
    token: input.token,
    customerUuid,
    contact: input.contact,
    criteria: input.criteria,
    info: input.info,
    addressPicked: input.addressPicked,
    addressManual: input.addressManual,
  };
}

/** The draft is gone (sent, or this token opens nothing any more): start over. */
function isGone(error: unknown): boolean {
  const code = ConnectError.from(error).code;
  return code === Code.NotFound || code === Code.PermissionDenied;
}

/** The real actors of the flow and of its address form. */
export function createNewDepositActors(deps: NewDepositDeps) {
  const publicDeposits = deps.clients.get(PublicDepositService);
  const deposits = deps.clients.get(DepositService);
  const remember = (input: SaveInput, customerUuid: string | null) =>
    deps.store.save(storedOf(input, customerUuid));

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
      const kept: Restored = {
        ...fresh(),
        ...stored,
        draft: null,
        criteria: stored.criteria ?? EMPTY_CRITERIA,
      };
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
      const reached = hasErrors(validateCriteria(criteria)) ? 'criteria' : 'info';
      // What this browser kept is at least as recent as the draft (it is written as the visitor
      // types, and with every save), so it wins; an older entry without criteria defers to it.
      if (stored.criteria) return { ...kept, draft: refOf(deposit), reached };
      return {
        ...kept,
        draft: refOf(deposit),
        contact: contactFromDraft(deposit, stored.contact),
        criteria,
        info: infoFromDraft(deposit, stored.info),
        reached,
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
    /**
     * Writes the form as typed to the browser's storage, 400 ms after the last change, and at once
     * when the page is hidden (a phone going to sleep, a tab closed). Stopped with its step, so
     * nothing is written after the request is sent and the storage cleared.
     */
    keepTyped: fromCallback<{ type: 'keep'; values: SaveInput }>(({ receive }) => {
      let pending: SaveInput | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        clearTimeout(timer);
        if (pending) remember(pending, pending.customerUuid);
        pending = null;
      };
      receive((event) => {
        pending = event.values;
        clearTimeout(timer);
        timer = setTimeout(flush, KEEP_TYPED_DEBOUNCE_MS);
      });
      const onHidden = () => {
        if (document.visibilityState === 'hidden') flush();
      };
      const page = typeof window === 'undefined' ? null : window;
      page?.addEventListener('pagehide', flush);
      page?.document.addEventListener('visibilitychange', onHidden);
      return () => {
        clearTimeout(timer);
        page?.removeEventListener('pagehide', flush);
        page?.document.removeEventListener('visibilitychange', onHidden);
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
