import { fromCallback, fromPromise } from 'xstate';
import {
  installPromptMachine,
  type BrowserCommand,
  type InstallOffer,
} from './installPromptMachine.ts';

/** Phones and coarse pointers (tablets) count as mobile. */
export const MOBILE_QUERY = '(max-width: 767px), (pointer: coarse)';
export const DISMISSED_KEY = 'seconde.installPromptDismissedUntil';

/** The browser APIs the prompt uses, so tests can hand in their own window. */
export type InstallWindow = Pick<
  Window,
  'addEventListener' | 'removeEventListener' | 'matchMedia'
> & {
  readonly localStorage?: Pick<Storage, 'getItem' | 'setItem'>;
};

function readDismissal(win: InstallWindow): number | null {
  try {
    const value = Number(win.localStorage?.getItem(DISMISSED_KEY) ?? '');
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The prompt wired to a window: `beforeinstallprompt` is kept (the browser's own mini-infobar is
 * held back) and handed to the machine, the media query reports phone-sized screens, and the
 * dismissal lives in localStorage (unavailable storage only means it is not remembered).
 */
export function installPromptLogic(win: InstallWindow) {
  return installPromptMachine.provide({
    actors: {
      browser: fromCallback<BrowserCommand>(({ sendBack, receive }) => {
        const media = win.matchMedia(MOBILE_QUERY);
        const onMedia = () => sendBack({ type: 'viewport.changed', mobile: media.matches });
        const onOffer = (event: Event) => {
          event.preventDefault();
          sendBack({ type: 'install.offered', offer: event as unknown as InstallOffer });
        };
        const onInstalled = () => sendBack({ type: 'install.installed' });
        sendBack({ type: 'dismissal.read', until: readDismissal(win) });
        onMedia();
        media.addEventListener('change', onMedia);
        win.addEventListener('beforeinstallprompt', onOffer);
        win.addEventListener('appinstalled', onInstalled);
        receive((command) => {
          try {
            win.localStorage?.setItem(DISMISSED_KEY, String(command.until));
          } catch {
            // Not remembered across visits; closed for this one.
          }
        });
        return () => {
          media.removeEventListener('change', onMedia);
          win.removeEventListener('beforeinstallprompt', onOffer);
          win.removeEventListener('appinstalled', onInstalled);
        };
      }),
      promptInstall: fromPromise<'accepted' | 'dismissed', InstallOffer>(async ({ input }) => {
        await input.prompt();
        return (await input.userChoice).outcome;
      }),
    },
  });
}
