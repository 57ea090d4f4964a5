import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  languagePreferenceMachine,
  type LanguagePreferenceEvent,
  type SaveLanguageInput,
} from './languagePreferenceMachine.ts';

type Snapshot = SnapshotFrom<typeof languagePreferenceMachine>;

const VENDOR = { vendorUuid: 'vendor-1', customerUuid: null };
const CUSTOMER = { vendorUuid: null, customerUuid: 'customer-1' };
const NOBODY = { vendorUuid: null, customerUuid: null };

const EVENTS = [
  { type: 'language.chosen', language: 'en', owner: VENDOR },
  { type: 'language.chosen', language: 'fr', owner: CUSTOMER },
  { type: 'language.chosen', language: 'en', owner: NOBODY },
  done('saveLanguage'),
  failure('saveLanguage', new Error('offline')),
] as LanguagePreferenceEvent[];

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>): void {
  const c = s.context;
  // Someone without a record of their own saves nothing, and nothing changes.
  if (event.type === 'language.chosen' && (event as LanguagePreferenceEvent).owner === NOBODY) {
    expect(started, where).toEqual([]);
    expect(c, where).toEqual(previous!.context);
  }
  // A record's choice is saved at once, for that record, the newest choice replacing any other.
  if (event.type === 'language.chosen' && (event as LanguagePreferenceEvent).owner !== NOBODY) {
    const chosen = event as LanguagePreferenceEvent;
    expect(s.matches('saving'), where).toBe(true);
    const input: SaveLanguageInput = { language: chosen.language, owner: chosen.owner };
    expect(started, where).toEqual([{ id: 'saveLanguage', input }]);
  }
  if (s.matches('saving') || s.matches('saved') || s.matches('failed'))
    expect(c.language !== null && c.owner !== null, where).toBe(true);
  // A failure is quiet: it waits for the next choice, which clears it.
  if (s.matches('failed')) expect(c.errorCode, where).toBe('saveFailed');
  else expect(c.errorCode, where).toBeNull();
}

const walk = walkPaths({
  machine: languagePreferenceMachine,
  events: EVENTS,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('languagePreferenceMachine', walk);
