import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let deposit = '';
let lastName = '';
let workDir = '';

/** A deposit of vendor@'s own whose depositor accepts postal sending. */
beforeAll(async () => {
  const vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  const tag = (Date.now() % 1_000_000).toString(36);
  const places = await vendor(DeliveryPlaceService).list({});
  if (!places.results.some((p) => p.isActive))
    await vendor(DeliveryPlaceService).create({
      deliveryPlace: {
        deliveryService: 1,
        deliveryServiceId: '10001',
        deliveryPlaceName: 'Tabac Presse Rivoli',
        isActive: true,
        order: 1,
      },
    });
  lastName = `Retour${tag}`;
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Louise',
      lastName,
      email: `retour${tag}@exemple.fr`,
      address: '12 rue des Tanneurs',
      postalCode: '69002',
      city: 'Lyon',
      acceptSendPostal: true,
      vendors: [vendorUuid],
    },
  });
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Restitution ${tag}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-return-'));
}, 90_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a restitution by post, as vendor@', () => {
  it('makes the return label from the deposit page and downloads its PDF', async () => {
    const { page, close } = await openAs(VENDOR, `/deposit/${deposit}`);
    try {
      const section = page.getByTestId('deposit-return');
      await section.waitFor(T);
      expect(plain(await section.textContent())).toContain('Restitution par la poste');
      await section.getByRole('button', { name: 'Créer l’étiquette de retour' }).click();
      const tracking = section.getByTestId('deposit-return-tracking');
      await tracking.waitFor(T);
      const number = plain(await tracking.textContent());
      expect(number).toMatch(/^MO\d{12}$/);
      expect(plain(await section.getByTestId('deposit-return-status').textContent())).toMatch(
        /^Étiquette créée \(/,
      );
      // The return section itself is clean (the page's sale counts are another area's).
      const violations = await seriousViolations(page);
      expect(violations.filter((v) => v.includes('deposit-return'))).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        section.getByRole('button', { name: 'Télécharger l’étiquette de retour (PDF)' }).click(),
      ]);
      const file = path.join(workDir, 'return.pdf');
      await download.saveAs(file);
      const text = plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
      expect(text).toContain(number);
      expect(text).toContain(`Louise ${lastName}`);
      expect(text).toContain('12 rue des Tanneurs');
    } finally {
      await close();
    }
  });
});
