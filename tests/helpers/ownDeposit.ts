import { create } from '@bufbuild/protobuf';
import {
  CategoryService,
  ProductFamily,
  type Category,
} from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { DemoRpc } from './demoClient.ts';
import { WALK } from './depositWalk.ts';

/** Walks a deposit, as `admin`, through the deposit rules one step at a time up to `status`. */
export async function walkDepositTo(
  admin: DemoRpc,
  deposit: Deposit,
  status: DepositStatus,
): Promise<Deposit> {
  let current = deposit;
  for (const step of WALK) {
    if (step <= current.status) continue;
    if (step > status) break;
    current = await admin(DepositService).partialUpdate({
      deposit: { uuid: current.uuid, rowVersion: current.rowVersion, status: step },
      updateMask: { paths: ['status'] },
    });
  }
  return current;
}

/**
 * A deposit of the vendor's own (WOMAN family), created at RECEIVED and, when `walk` says so,
 * walked by its admin to a later status: a test adds products there and never changes the demo
 * stock the other files of the shared server count on.
 */
export async function ownDeposit(
  vendor: DemoRpc,
  name: string,
  walk?: { readonly admin: DemoRpc; readonly status: DepositStatus },
): Promise<Deposit> {
  const deposit = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  return walk ? walkDepositTo(walk.admin, deposit, walk.status) : deposit;
}

/** The category with this stable identifier (for example `woman-dresses`). */
export async function categoryNamed(vendor: DemoRpc, identifier: string): Promise<Category> {
  const { results } = await vendor(CategoryService).list({
    pagination: { page: 1, pageSize: 5000 },
  });
  const category = results.find((c) => c.identifier === identifier);
  if (!category) throw new Error(`No category ${identifier} in the demo data`);
  return category;
}
