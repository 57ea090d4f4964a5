import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { InvoiceDocument } from '../../documents/model.ts';
import type { Caller } from '../../rpc/caller.ts';
import { isUuid } from '../../crud/crudService.ts';
import { netOfGross } from '../../../src/domain/invoices/invoiceRules.ts';
import type { CreateCreditNoteRequest } from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { issueInvoice, totalsOf, type DraftLine, type IssuedCategory } from './issue.ts';
import type { PartySnapshot } from './parties.ts';
import { refuse } from './refusals.ts';

interface InvoiceRow {
  uuid: string;
  category: IssuedCategory;
  issuer: string | null;
  vendor: string | null;
  customer: string | null;
  buyer: string | null;
  product: string | null;
  vendor_party: PartySnapshot | null;
  customer_party: PartySnapshot | null;
  document: InvoiceDocument | null;
  credit_note_of: string | null;
  total_cents: string | number;
  remaining_cents: string | number | null;
  date_start: Date | null;
  date_end: Date | null;
}

/** May the caller correct what this issuer issued: staff always, a vendor their own documents. */
async function mayCredit(trx: Kysely<Database>, caller: Caller, issuer: string): Promise<boolean> {
  if (caller.isAdminLevel) return true;
  if (!caller.vendorUuid) return false;
  if (issuer === `vendor:${caller.vendorUuid}`) return true;
  const { rows } = await sql<{ company: string | null }>`
    select company from vendor where uuid = ${caller.vendorUuid}`.execute(trx);
  return Boolean(rows[0]?.company) && issuer === `company:${rows[0]!.company}`;
}

/**
 * A credit note correcting an issued invoice: its own number in the issuer's sequence, the
 * corrected invoice named, negative amounts, and never more than what is left of the invoice
 * (its total less its earlier credit notes). Without lines it credits all that is left: the
 * invoice's own lines when nothing was credited yet, one line otherwise.
 */
export async function issueCreditNote(
  trx: Kysely<Database>,
  caller: Caller,
  req: CreateCreditNoteRequest,
  now: Date,
): Promise<string> {
  if (!isUuid(req.invoice))
    throw refuse(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'Name the invoice to correct',
      'invoice',
    );
  const { rows } = await sql<InvoiceRow>`
    select uuid, category::text as category, issuer, vendor, customer, buyer, product, vendor_party,
      customer_party, document, credit_note_of, total_cents, remaining_cents, date_start, date_end
    from invoice where uuid = ${req.invoice} for update`.execute(trx);
  const invoice = rows[0];
  if (!invoice) throw refuse(Code.NotFound, 'NOT_FOUND', 'This invoice does not exist', 'invoice');
  if (invoice.credit_note_of)
    throw refuse(
      Code.FailedPrecondition,
      'CREDIT_NOTE_OF_CREDIT_NOTE',
      'A credit note is not corrected by another credit note',
      'invoice',
    );
  const original = invoice.document;
  if (!invoice.issuer || !original)
    throw refuse(
      Code.FailedPrecondition,
      'INVOICE_HAS_NO_DOCUMENT',
      'This invoice was not issued here: it has no document to correct',
      'invoice',
    );
  if (!(await mayCredit(trx, caller, invoice.issuer)))
    throw refuse(
      Code.PermissionDenied,
      'CREDIT_NOTE_ISSUER_ONLY',
      'Only the issuer of an invoice corrects it',
      'invoice',
    );
  const remaining = Number(invoice.remaining_cents ?? 0);
  const total = Number(invoice.total_cents);
  const vat = original.vat;
  const rate = vat.kind === 'NORMAL' ? vat.ratePercent : 0;
  const label = (text: string) =>
    text.trim() || (original.language === 'en' ? 'Credit on ' : 'Avoir sur ') + original.number;
  let lines: DraftLine[];
  if (req.lines.length > 0) {
    lines = req.lines.map((line) => {
      const cents = Number(line.amountCents);
      return {
        label: label(line.label),
        quantity: 1,
        unitPriceCents: cents,
        netCents: cents,
        vatRatePercent: rate,
      };
    });
  } else if (remaining === total && remaining > 0) {
    lines = original.lines.map((line) => ({
      label: line.label,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      netCents: line.netCents,
      vatRatePercent: line.vatRatePercent,
    }));
  } else {
    const net = rate > 0 ? netOfGross(remaining, rate) : remaining;
    lines = [
      { label: label(''), quantity: 1, unitPriceCents: net, netCents: net, vatRatePercent: rate },
    ];
  }
  const totals = totalsOf(lines, vat);
  // A credit note computed from what is left may land a cent over it: VAT rounds on its total.
  if (req.lines.length === 0 && totals.grossCents > remaining && lines.length === 1) {
    const net = lines[0]!.netCents - 1;
    lines = [{ ...lines[0]!, unitPriceCents: net, netCents: net }];
  }
  const gross = totalsOf(lines, vat).grossCents;
  if (gross <= 0 || gross > remaining)
    throw refuse(
      Code.FailedPrecondition,
      'CREDIT_NOTE_EXCEEDS_INVOICE',
      `A credit note may credit at most what is left of the invoice (${remaining} cents)`,
      'lines',
    );
  const issued = await issueInvoice(
    trx,
    {
      category: invoice.category,
      issuer: invoice.issuer,
      vendor: invoice.vendor,
      customer: invoice.customer,
      buyer: invoice.buyer,
      product: invoice.product,
      vendorParty: invoice.vendor_party,
      customerParty: invoice.customer_party,
      seller: original.seller,
      recipient: original.buyer,
      language: original.language,
      ...(invoice.date_start &&
        invoice.date_end && { period: { start: invoice.date_start, end: invoice.date_end } }),
      lines,
      vat,
      paymentDays: 0,
      creditNote: {
        of: invoice.uuid,
        number: original.number,
        issueDate: original.issueDate,
        reason: req.reason.trim(),
      },
    },
    now,
  );
  await sql`
    update invoice set remaining_cents = remaining_cents - ${gross}, updated_at = ${now}
    where uuid = ${invoice.uuid}`.execute(trx);
  return issued.uuid;
}
