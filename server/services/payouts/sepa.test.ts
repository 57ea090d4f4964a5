import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { amountOfCents, buildPain001, sepaId, sepaText, type SepaTransfer } from './sepa.ts';

const run = promisify(execFile);

async function xmllint(xml: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'pain001-'));
  const file = join(dir, 'file.xml');
  await writeFile(file, xml);
  try {
    const { stderr } = await run('xmllint', [
      '--noout',
      '--schema',
      'tests/fixtures/sepa/pain.001.001.03.xsd',
      file,
    ]);
    return { ok: true, output: stderr };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const transfer = (over: Partial<SepaTransfer> = {}): SepaTransfer => ({
  endToEndId: 'R-2026-000001',
  amountCents: 1234,
  creditor: { name: 'Zoé Dupré', iban: 'DE89370400440532013000' },
  remittance: 'Reversement dépôt-vente',
  ...over,
});

describe('SEPA texts', () => {
  it('transliterates into the EPC Latin set', () => {
    expect(sepaText('Hélène Çœur-Noël & Fils', 70)).toBe('Helene Coeur-Noel + Fils');
    expect(sepaText('Straße Ørsted «spécial» 100 €', 70)).toBe('Strasse Orsted special 100');
    expect(sepaText('  a   b  ', 70)).toBe('a b');
  });

  it('cuts to the schema length', () => {
    expect(sepaText('é'.repeat(200), 140)).toBe('e'.repeat(140));
  });

  it('writes identifiers without spaces, leading slashes or double slashes', () => {
    expect(sepaId('/SEC 2026//01/')).toBe('SEC-2026/01');
    expect(sepaId('x'.repeat(50))).toHaveLength(35);
    expect(sepaId('')).toBe('NOTPROVIDED');
  });

  it('writes cents with two decimals, never through a float', () => {
    expect(amountOfCents(1234)).toBe('12.34');
    expect(amountOfCents(5)).toBe('0.05');
    expect(amountOfCents(100)).toBe('1.00');
    expect(amountOfCents(123456789012345n)).toBe('1234567890123.45');
    expect(() => amountOfCents(-1)).toThrow();
  });
});

describe('pain.001.001.03 files', () => {
  it('validate against the ISO 20022 schema, long and accented texts included', async () => {
    const xml = buildPain001({
      messageId: 'SEC-20261126-ABCDEF',
      createdAt: new Date('2026-11-26T21:30:00Z'),
      executionDate: '2026-11-27',
      debtor: { name: 'Friperie Élégante '.repeat(8), iban: 'FR7630006000011234567890189' },
      transfers: [
        transfer(),
        transfer({
          endToEndId: 'a'.repeat(60),
          amountCents: 1,
          creditor: { name: 'Œ'.repeat(100), iban: 'BE68539007547034', bic: 'GEBABEBB' },
          remittance: 'ü'.repeat(300),
        }),
      ],
    });
    expect((await xmllint(xml)).ok).toBe(true);
    expect(xml).toContain('<CreDtTm>2026-11-26T22:30:00</CreDtTm>');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>12.35</CtrlSum>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.01</InstdAmt>');
    expect(xml).toContain('<Id>NOTPROVIDED</Id>');
    expect(xml).toContain('<BIC>GEBABEBB</BIC>');
    expect(xml).toContain('<ChrgBr>SLEV</ChrgBr>');
    expect(xml).toContain('<BtchBookg>true</BtchBookg>');
  });

  it('is refused by the schema when the currency code is wrong (the check can fail)', async () => {
    const xml = buildPain001({
      messageId: 'SEC-1',
      createdAt: new Date(),
      executionDate: '2026-11-27',
      debtor: { name: 'Friperie', iban: 'FR7630006000011234567890189' },
      transfers: [transfer()],
    }).replace('<InstdAmt Ccy="EUR">12.34</InstdAmt>', '<InstdAmt Ccy="EURO">12.34</InstdAmt>');
    expect((await xmllint(xml)).ok).toBe(false);
  });

  it('needs at least one transfer', () => {
    expect(() =>
      buildPain001({
        messageId: 'SEC-1',
        createdAt: new Date(),
        executionDate: '2026-11-27',
        debtor: { name: 'Friperie', iban: 'FR7630006000011234567890189' },
        transfers: [],
      }),
    ).toThrow();
  });
});
