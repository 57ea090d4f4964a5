import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { vendorPortalMachine } from './vendorPortalMachine.ts';

const VENDOR = '0f9c3a52-6a4d-4c1e-9a43-2b7d9e1f5c11';
const PAGE = { url: 'https://billing.example/p/session_1', errorCode: null };

describePaths(
  'vendorPortalMachine',
  walkPaths({
    machine: vendorPortalMachine,
    input: { vendor: VENDOR },
    events: [
      { type: 'portal.open' },
      { type: 'portal.dismiss' },
      done('openPortal', PAGE),
      done('openPortal', { url: '', errorCode: 'resource_missing' }),
      failure(
        'openPortal',
        new ConnectError(
          JSON.stringify({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down' }),
          Code.Unavailable,
        ),
      ),
      failure('openPortal', new ConnectError('not yours', Code.PermissionDenied)),
      done('leaveFor'),
      failure('leaveFor', new Error('blocked')),
    ],
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, started }) => {
      for (const call of started) {
        // The portal asked for is always the chosen vendor's; the browser leaves only for its page.
        if (call.id === 'openPortal') expect(call.input, where).toEqual({ vendor: VENDOR });
        if (call.id === 'leaveFor') expect(call.input, where).toEqual({ url: PAGE.url });
      }
      if (s.hasTag('error')) expect(s.context.errorKey, where).toBeTruthy();
      if (s.matches('idle')) expect(s.context.errorCode, where).toBeNull();
    },
  }),
);
