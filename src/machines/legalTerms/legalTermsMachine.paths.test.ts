import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { legalTermsMachine, type LegalTermsEvent } from './legalTermsMachine.ts';

const checked = (needed: boolean): LegalTermsEvent => ({ type: 'legalTerms.checked', needed });

describePaths(
  'legalTermsMachine',
  walkPaths({
    machine: legalTermsMachine,
    events: [
      checked(true),
      checked(false),
      { type: 'legalTerms.accept' },
      done('acceptTerms'),
      failure('acceptTerms', new ConnectError('Bad Gateway', Code.Unavailable)),
    ],
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, previous, emitted, started }) => {
      // Nothing but a successful accept closes the dialog while the user still must accept.
      if (previous?.hasTag('open') && !s.hasTag('open'))
        expect(
          event.type === 'xstate.done.actor.acceptTerms' ||
            (event.type === 'legalTerms.checked' &&
              !(event as LegalTermsEvent & { needed: boolean }).needed),
          where,
        ).toBe(true);
      // Once accepted, the session's stale "needed" does not bring it back.
      if (previous?.matches('accepted')) expect(s.hasTag('open'), where).toBe(false);
      expect(started.length > 0, where).toBe(event.type === 'legalTerms.accept');
      expect(
        emitted.map((e) => e.type),
        where,
      ).toEqual(event.type === 'xstate.done.actor.acceptTerms' ? ['legalTerms.accepted'] : []);
    },
  }),
);
