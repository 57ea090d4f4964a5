import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

async function currentStatus(page: Page, text: RegExp): Promise<void> {
  await page.getByTestId('status-current').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

/** Every step but the current one is either offered or refused with its reason written next to it. */
async function everyStepExplained(page: Page): Promise<void> {
  const steps = await page.getByTestId('status-steps').locator('li').all();
  expect(steps.length).toBe(14);
  for (const step of steps) {
    const id = (await step.getAttribute('data-testid'))!.replace('status-step-', '');
    if ((await step.getAttribute('aria-current')) === 'step') continue;
    const button = step.getByTestId(`move-${id}`);
    if (await button.isEnabled()) continue;
    const reason = step.getByTestId(`reason-${id}`);
    expect(await reason.count(), `${id} is greyed without a reason`).toBe(1);
    expect((await reason.textContent())?.trim().length, id).toBeGreaterThan(5);
  }
}

describe('deposit page opened in two places', () => {
  it('after a move from an outdated page, shows the deposit as it is now with every reason, without a reload', async () => {
    const vendor = await rpcAs('vendor@seconde.test');
    const deposit = await vendor(DepositService).create({
      deposit: create(DepositSchema, {
        name: `Dépôt deux onglets ${Date.now()}`,
        status: DepositStatus.RECEIVED,
        family: ProductFamily.WOMAN,
      }),
    });
    const first = await openAs('vendor@seconde.test', `/deposit/${deposit.uuid}`);
    const second = await openAs('vendor@seconde.test', `/deposit/${deposit.uuid}`);
    await currentStatus(first.page, /Reçu/);
    await currentStatus(second.page, /Reçu/);
    // Marks the second page's document: a reload would lose it.
    await second.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await first.page.getByTestId('move-TODO').click();
    await currentStatus(first.page, /À traiter/);

    // The second page still shows RECEIVED and offers TODO; the server refuses that move.
    await second.page.getByTestId('move-TODO').click();
    await second.page.getByTestId('deposit-refreshed').waitFor({ timeout: 30_000 });
    await currentStatus(second.page, /À traiter/);
    expect(await second.page.getByTestId('deposit-status').textContent()).toMatch(/À traiter/);
    expect(await second.page.getByTestId('deposit-refreshed').textContent()).toMatch(
      /changé entre-temps/,
    );
    // The refused move is no longer offered (it is where the deposit is now), the next one is.
    expect(await second.page.getByTestId('move-TODO').count()).toBe(0);
    expect(await second.page.getByTestId('move-PROGRESS').isEnabled()).toBe(true);
    await everyStepExplained(second.page);
    expect(
      await second.page.evaluate(
        () => (window as unknown as { notReloaded?: boolean }).notReloaded,
      ),
    ).toBe(true);

    // The page works on from the deposit as it is now.
    await second.page.getByTestId('move-PROGRESS').click();
    await currentStatus(second.page, /En cours/);
    expect(await second.page.getByTestId('deposit-refreshed').count()).toBe(0);
    expect((await vendor(DepositService).retrieve({ uuid: deposit.uuid })).status).toBe(
      DepositStatus.PROGRESS,
    );
    await first.close();
    await second.close();
  });
});
