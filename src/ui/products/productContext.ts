import { createActorContext } from '@xstate/react';
import { productMachine } from '../../machines/product/productMachine.ts';

/** The product actor of `/product/:uuid`, shared by the page's sections. */
export const ProductContext = createActorContext(productMachine);
export const useProduct = ProductContext.useSelector;
export const useProductActor = ProductContext.useActorRef;

/** Compares rebuilt arrays and objects by value, so a selector re-renders only on real change. */
const bigintSafe = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
export const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(a, bigintSafe) === JSON.stringify(b, bigintSafe);
