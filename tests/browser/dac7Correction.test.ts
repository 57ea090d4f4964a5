import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Download, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BuildDac7CorrectionRequestSchema,
  Dac7FileSchema,
  ListDac7FiledReportsResponseSchema,
} from '../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs } from '../helpers/browserPage.ts';

const WAIT = { timeout: 30_000 };
const REF = 'FR2025FR4f1c2b8e-0d7a-4b6e-9a51-3c2d1e0f9a87';

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A Connect unary answer in the binary format the app's transport speaks. */
const answer = (route: Route, body: Uint8Array) =>
  route.fulfill({ status: 200, contentType: 'application/proto', body: Buffer.from(body) });

/**
 * The demo data has no storefront seller with an IBAN, so no filed report with sellers can be
 * built from here: the filed list and the correction are answered at the network edge, from the
 * request the page sends (the server side, XML schema included, is tests/server/dac7Corrections).
 */
describe('DAC7 corrections on the DAC7 page', () => {
  it('admin@ corrects one seller and deletes another of a filed report, by keyboard', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/');
    const sent: { report: string; corrected: string[]; deleted: string[] }[] = [];
    try {
      await page.route('**/seconde.v1.Dac7Service/ListFiledReports', (route) =>
        answer(
          route,
          toBinary(
            ListDac7FiledReportsResponseSchema,
            create(ListDac7FiledReportsResponseSchema, {
              reports: [
                {
                  uuid: '6c0a3f7e-8b0d-4a7e-9f4e-2b1c0d9e8f7a',
                  year: 2025,
                  messageRefId: REF,
                  messageTypeIndic: 'DPI401',
                  filedAt: timestampFromDate(new Date('2026-01-15T09:30:00Z')),
                  sellers: [
                    {
                      key: 'vendor:lea',
                      name: 'Léa Martin',
                      docRefId: `${REF}-S1`,
                      changed: true,
                      reportable: true,
                    },
                    {
                      key: 'company:fl',
                      name: 'Fripes Lumière SARL',
                      docRefId: `${REF}-S2`,
                      reportable: true,
                    },
                  ],
                },
              ],
            }),
          ),
        ),
      );
      await page.route('**/seconde.v1.Dac7Service/BuildCorrection', (route) => {
        const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
        const request = fromBinary(BuildDac7CorrectionRequestSchema, body);
        sent.push({
          report: request.report,
          corrected: request.corrected,
          deleted: request.deleted,
        });
        const mref = 'FR2025FRb2d4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b';
        const docs = [
          ...request.corrected.map((k) => ['OECD2', k] as const),
          ...request.deleted.map((k) => ['OECD3', k] as const),
        ]
          .map(
            ([type, key], i) =>
              `<dpi:ReportableSeller><dpi:DocSpec><stf:DocTypeIndic>${type}</stf:DocTypeIndic><stf:DocRefId>${mref}-S${i + 1}</stf:DocRefId><stf:CorrDocRefId>${key === 'vendor:lea' ? `${REF}-S1` : `${REF}-S2`}</stf:CorrDocRefId></dpi:DocSpec></dpi:ReportableSeller>`,
          )
          .join('');
        const xml = `<?xml version="1.0" encoding="UTF-8"?><dpi:DPI_OECD xmlns:dpi="urn:oecd:ties:dpi:v1" xmlns:stf="urn:oecd:ties:dpistf:v1"><dpi:MessageSpec><dpi:MessageRefId>${mref}</dpi:MessageRefId><dpi:MessageTypeIndic>DPI402</dpi:MessageTypeIndic></dpi:MessageSpec><dpi:DPIBody>${docs}</dpi:DPIBody></dpi:DPI_OECD>`;
        return answer(
          route,
          toBinary(
            Dac7FileSchema,
            create(Dac7FileSchema, {
              data: new TextEncoder().encode(xml),
              filename: 'dac7-2025-correction-3f4a5b.xml',
              contentType: 'application/xml',
              messageRefId: mref,
              sellerCount: request.corrected.length + request.deleted.length,
            }),
          ),
        );
      });
      await page.goto(page.url().replace(/\/[^/]*$/, '/dac7'));
      const filed = page.getByTestId('dac7-filed');
      await filed.getByTestId('dac7-filed-row').waitFor(WAIT);
      expect(await filed.getByTestId('dac7-filed-row').textContent()).toContain(REF);
      expect(await filed.getByTestId('dac7-filed-row').textContent()).toContain('Déclaration');

      // By keyboard: the action, then each seller's choice, then the build.
      const correct = filed.getByRole('button', { name: `Corriger la déclaration ${REF}` });
      await correct.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Corriger la déclaration ${REF}` });
      await dialog.waitFor(WAIT);
      const build = dialog.getByRole('button', { name: 'Construire la correction' });
      expect(await build.isDisabled()).toBe(true);
      await dialog
        .getByRole('group', { name: /Léa Martin/ })
        .getByRole('radio', { name: 'Corriger' })
        .focus();
      await page.keyboard.press('Space');
      await dialog
        .getByRole('group', { name: /Fripes Lumière/ })
        .getByRole('radio', { name: 'Supprimer' })
        .focus();
      await page.keyboard.press('Space');
      expect(await seriousViolations(page)).toEqual([]);
      await build.focus();
      const [download] = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.keyboard.press('Enter'),
      ]);
      expect(sent).toEqual([
        {
          report: '6c0a3f7e-8b0d-4a7e-9f4e-2b1c0d9e8f7a',
          corrected: ['vendor:lea'],
          deleted: ['company:fl'],
        },
      ]);
      expect(download.suggestedFilename()).toBe('dac7-2025-correction-3f4a5b.xml');
      const xml = await textOf(download);
      expect(xml).toContain('<dpi:MessageTypeIndic>DPI402</dpi:MessageTypeIndic>');
      expect(xml).toContain(
        `<stf:DocTypeIndic>OECD2</stf:DocTypeIndic><stf:DocRefId>FR2025FRb2d4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b-S1</stf:DocRefId><stf:CorrDocRefId>${REF}-S1</stf:CorrDocRefId>`,
      );
      expect(xml).toContain(`<stf:DocTypeIndic>OECD3</stf:DocTypeIndic>`);
      expect(xml).toContain(`<stf:CorrDocRefId>${REF}-S2</stf:CorrDocRefId>`);
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await page.getByTestId('dac7-correction-built').waitFor(WAIT);
      expect(await page.getByTestId('dac7-correction-built').textContent()).toContain(
        'vendeurs corrigés ou supprimés : 2',
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
