import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now (none expected). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A popover or dialog still fading in has its text at part opacity, which axe measures as low
  // contrast: let finite transitions end first (spinners loop forever and are left running).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
