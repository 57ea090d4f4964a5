import { createActorContext } from '@xstate/react';
import { listingsMachine } from '../../machines/listings/listingsMachine.ts';

/** The product's channels section actor, shared by its parts. */
export const ListingsContext = createActorContext(listingsMachine);
export const useListings = ListingsContext.useSelector;
export const useListingsActor = ListingsContext.useActorRef;
