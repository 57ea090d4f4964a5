import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { languagePreferenceLogic } from '../../machines/language/languagePreferenceLogic.ts';
import { selectCustomerUuid, selectVendorUuid } from '../../machines/people/access.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { LanguageButtons } from './LanguageButtons.tsx';

/**
 * The app's FR / EN toggle. A signed-in user's choice is also kept on their own record (their
 * documents follow it), quietly: the switch never waits for the save.
 */
export function LanguageSwitch() {
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const customerUuid = useSession(selectCustomerUuid);
  const logic = useMemo(() => languagePreferenceLogic(clients), [clients]);
  const preference = useActorRef(logic);
  return (
    <LanguageButtons
      onChosen={(language) =>
        preference.send({ type: 'language.chosen', language, owner: { vendorUuid, customerUuid } })
      }
    />
  );
}
