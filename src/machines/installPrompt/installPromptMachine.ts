import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';

/** What the browser's `beforeinstallprompt` event offers: one prompt, then the user's answer. */
export interface InstallOffer {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

/** A closed prompt stays away this long: long enough not to nag, short enough to be found again. */
export const DISMISS_FOR_MS = 30 * 86_400_000;

export interface InstallPromptContext {
  readonly offer: InstallOffer | null;
  /** Phone-sized screen or a coarse pointer: the only place the prompt shows. */
  readonly mobile: boolean;
  /** Until when a closed prompt stays away (epoch ms), or null. */
  readonly dismissedUntil: number | null;
  /** When the page started (epoch ms): dismissals are measured against it. */
  readonly now: number;
  readonly errorCode: 'installFailed' | null;
}

export type InstallPromptEvent =
  | { type: 'install.offered'; offer: InstallOffer }
  | { type: 'install.installed' }
  | { type: 'install.accept' }
  | { type: 'install.close' }
  | { type: 'viewport.changed'; mobile: boolean }
  | { type: 'dismissal.read'; until: number | null };

/** What the machine asks of the browser actor. */
export type BrowserCommand = { type: 'dismissal.remember'; until: number };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The install-prompt actor "${name}" was not provided`));

/**
 * The mobile install prompt: the browser actor reports the installation offer
 * (`beforeinstallprompt`), the screen size and a remembered dismissal; the prompt shows only on
 * mobile when installation is offered and not recently dismissed. Install shows the browser's own
 * dialog once and waits for the answer; Close (or declining the browser's dialog) is remembered
 * for 30 days.
 */
export const installPromptMachine = setup({
  types: {
    context: {} as InstallPromptContext,
    events: {} as InstallPromptEvent,
    input: {} as { now: number },
  },
  actors: {
    browser: fromCallback<BrowserCommand>(() => {
      throw new Error('The install-prompt actor "browser" was not provided');
    }),
    promptInstall: fromPromise<'accepted' | 'dismissed', InstallOffer>(
      notProvided('promptInstall'),
    ),
  },
  guards: {
    isDismissed: ({ context }) =>
      context.dismissedUntil !== null && context.dismissedUntil > context.now,
    isMobile: ({ context }) => context.mobile,
    isAccepted: (_, params: { outcome: string }) => params.outcome === 'accepted',
  },
  actions: {
    assignOffer: assign((_, params: { offer: InstallOffer }) => ({ offer: params.offer })),
    assignMobile: assign((_, params: { mobile: boolean }) => ({ mobile: params.mobile })),
    assignDismissal: assign((_, params: { until: number | null }) => ({
      dismissedUntil: params.until,
    })),
    /** The offer can be used once: after the browser's dialog it is gone. */
    dropOffer: assign({ offer: null }),
    dismiss: assign(({ context }) => ({ dismissedUntil: context.now + DISMISS_FOR_MS })),
    rememberDismissal: sendTo('browser', ({ context }) => ({
      type: 'dismissal.remember' as const,
      until: context.dismissedUntil ?? context.now + DISMISS_FOR_MS,
    })),
    assignFailure: assign({ errorCode: 'installFailed' as const }),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'installPrompt',
  initial: 'waiting',
  context: ({ input }) => ({
    offer: null,
    mobile: false,
    dismissedUntil: null,
    now: input.now,
    errorCode: null,
  }),
  invoke: { id: 'browser', src: 'browser' },
  on: {
    'viewport.changed': {
      actions: { type: 'assignMobile', params: ({ event }) => ({ mobile: event.mobile }) },
    },
    'install.installed': { target: '.installed', actions: ['dropOffer', 'clearError'] },
  },
  states: {
    waiting: {
      on: {
        'dismissal.read': {
          actions: { type: 'assignDismissal', params: ({ event }) => ({ until: event.until }) },
        },
        'install.offered': {
          target: 'offered',
          actions: { type: 'assignOffer', params: ({ event }) => ({ offer: event.offer }) },
        },
      },
    },
    offered: {
      initial: 'deciding',
      on: {
        'viewport.changed': {
          target: '.deciding',
          reenter: true,
          actions: { type: 'assignMobile', params: ({ event }) => ({ mobile: event.mobile }) },
        },
        'dismissal.read': {
          target: '.deciding',
          reenter: true,
          actions: { type: 'assignDismissal', params: ({ event }) => ({ until: event.until }) },
        },
      },
      states: {
        deciding: {
          always: [
            { guard: 'isDismissed', target: '#installPrompt.closed' },
            { guard: 'isMobile', target: 'showing' },
            { target: 'hidden' },
          ],
        },
        hidden: {},
        showing: {
          tags: ['visible'],
          on: {
            'install.accept': { target: '#installPrompt.installing' },
            'install.close': {
              target: '#installPrompt.closed',
              actions: ['dismiss', 'rememberDismissal'],
            },
          },
        },
      },
    },
    installing: {
      tags: ['busy', 'visible'],
      invoke: {
        id: 'promptInstall',
        src: 'promptInstall',
        input: ({ context }) => context.offer!,
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'installed',
            actions: 'dropOffer',
          },
          { target: 'closed', actions: ['dropOffer', 'dismiss', 'rememberDismissal'] },
        ],
        onError: { target: 'failed', actions: ['dropOffer', 'assignFailure'] },
      },
    },
    failed: {
      tags: ['error', 'visible'],
      on: {
        'install.close': {
          target: 'closed',
          actions: ['clearError', 'dismiss', 'rememberDismissal'],
        },
      },
    },
    closed: {},
    installed: {},
  },
});
