/**
 * SEPA credit-transfer files (pain.001.001.03, the version French and most EU banks accept for
 * uploads; docs/decisions.md, "Payouts"). Pure: amounts come as integer cents and are written
 * with two decimals without floating-point; texts are brought into the EPC's Latin character set
 * and cut to the XSD's lengths.
 */
import { create } from 'xmlbuilder2';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export interface SepaParty {
  readonly name: string;
  /** Electronic format, already checked. */
  readonly iban: string;
  /** Optional in SEPA; NOTPROVIDED is written for the debtor without one. */
  readonly bic?: string | undefined;
}

export interface SepaTransfer {
  readonly endToEndId: string;
  readonly amountCents: number;
  readonly creditor: SepaParty;
  readonly remittance: string;
}

export interface SepaFileInput {
  readonly messageId: string;
  readonly createdAt: Date;
  /** YYYY-MM-DD */
  readonly executionDate: string;
  readonly debtor: SepaParty;
  readonly transfers: readonly SepaTransfer[];
}

/** Substitutions for letters NFD does not take apart; the rest loses its accents. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  '&': '+',
  '’': "'",
  '‘': "'",
  '«': '',
  '»': '',
  '–': '-',
  '—': '-',
  _: '-',
};

/** Characters every SEPA bank accepts (EPC217-08, the SEPA Latin subset). */
const EPC_ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * A text in the EPC Latin set: accents dropped (é→e), a few letters spelled out (ß→ss, œ→oe),
 * anything else turned into a space; spaces collapsed and the result cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  const spelled = [...text].map((c) => SPECIAL[c] ?? c).join('');
  const plain = spelled.normalize('NFD').replace(/\p{Mn}+/gu, '');
  const kept = [...plain].map((c) => (EPC_ALLOWED.test(c) ? c : ' ')).join('');
  return kept.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * An identifier (MsgId, PmtInfId, EndToEndId): EPC characters without spaces, never starting or
 * ending with '/' nor holding '//', 35 characters at most.
 */
export function sepaId(text: string): string {
  const id = sepaText(text, 1000)
    .replace(/\s+/g, '-')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .slice(0, 35);
  return id || 'NOTPROVIDED';
}

/** Integer cents as the XML amount: 1234 → "12.34"; never through a float. */
export function amountOfCents(cents: number | bigint): string {
  const value = BigInt(cents);
  if (value < 0n) throw new Error('SEPA amounts are never negative');
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

/** Local Paris time without zone (ISODateTime as French banks' guides write it). */
function parisDateTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The financial institution of a party: its BIC, or NOTPROVIDED (allowed for SEPA debtors). */
function agent(bic: string | undefined) {
  return bic ? { FinInstnId: { BIC: bic } } : { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };
}

/** The total of the transfers in cents, summed as integers. */
export function totalCents(transfers: readonly SepaTransfer[]): bigint {
  return transfers.reduce((sum, t) => sum + BigInt(t.amountCents), 0n);
}

/**
 * One pain.001.001.03 document: a group header, one payment information block (batch booking,
 * charges shared SLEV) and one transaction per depositor.
 */
export function buildPain001(input: SepaFileInput): string {
  if (input.transfers.length === 0) throw new Error('A SEPA file needs at least one transfer');
  const count = String(input.transfers.length);
  const sum = amountOfCents(totalCents(input.transfers));
  const messageId = sepaId(input.messageId);
  const debtorName = sepaText(input.debtor.name, 70) || 'NOTPROVIDED';
  const doc = {
    Document: {
      '@xmlns': PAIN_001_NAMESPACE,
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: parisDateTime(input.createdAt),
          NbOfTxs: count,
          CtrlSum: sum,
          InitgPty: { Nm: debtorName },
        },
        PmtInf: {
          PmtInfId: messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: sum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: input.executionDate,
          Dbtr: { Nm: debtorName },
          DbtrAcct: { Id: { IBAN: input.debtor.iban } },
          DbtrAgt: agent(input.debtor.bic),
          ChrgBr: 'SLEV',
          CdtTrfTxInf: input.transfers.map((t) => ({
            PmtId: { EndToEndId: sepaId(t.endToEndId) },
            Amt: { InstdAmt: { '@Ccy': 'EUR', '#': amountOfCents(t.amountCents) } },
            ...(t.creditor.bic ? { CdtrAgt: agent(t.creditor.bic) } : {}),
            Cdtr: { Nm: sepaText(t.creditor.name, 70) || 'NOTPROVIDED' },
            CdtrAcct: { Id: { IBAN: t.creditor.iban } },
            RmtInf: { Ustrd: sepaText(t.remittance, 140) || sepaId(t.endToEndId) },
          })),
        },
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}
