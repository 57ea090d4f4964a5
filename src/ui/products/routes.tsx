import type { RouteObject } from 'react-router';
import { lazyView } from '../app/routing/lazyView.tsx';

const ProductPage = lazyView(() => import('./ProductPage.tsx').then((m) => m.ProductPage));

/** The product page; who may open it comes from the route table (Developer, Admin, Vendor). */
export const productRoutes: RouteObject[] = [
  { path: 'product/:productUuid', element: <ProductPage /> },
];
