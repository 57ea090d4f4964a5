import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const Dac7View = lazyView(() => import('./Dac7View.tsx').then((m) => m.Dac7View));

/** The staff DAC7 report page; who may open it comes from the route table. */
export const dac7Routes: RouteObject[] = [{ path: 'dac7', element: <Dac7View /> }];
