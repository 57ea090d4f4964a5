-- Invoicing (docs/decisions.md, "Invoices"): exact amounts in integer cents, the lines and the
-- document an invoice was rendered from, credit notes naming the invoice they correct, and
-- numbers unbroken per issuer and year (CGI art. 242 nonies A: one chronological, continuous
-- sequence, never reused).
--
-- An issued invoice never changes: the trigger below refuses every UPDATE except its payment
-- status and date, its stored PDF's key and what is left to credit (lowered by a credit note), and
-- refuses DELETE and TRUNCATE, for every role.

alter type "task_name" add value if not exists 'GENERATE_INVOICES';

-- The language documents are sent in ('fr' or 'en'; unset reads 'fr').
alter table "customer" add column if not exists "language" text;
alter table "vendor" add column if not exists "language" text;

alter table "invoice"
  add column "total_cents" bigint,
  add column "total_before_tax_cents" bigint,
  add column "tax_cents" bigint,
  -- What is left to credit: the total less every credit note issued against it (0 on a note).
  add column "remaining_cents" bigint,
  -- The lines as issued, InvoiceLine JSON (camelCase keys, cents as numbers).
  add column "lines" jsonb not null default '[]'::jsonb,
  -- The InvoiceDocument the PDF is rendered from (server/documents/model.ts), as issued.
  add column "document" jsonb,
  add column "language" text not null default 'fr',
  add column "credit_note_of" uuid references "invoice" ("uuid") on delete restrict,
  add column "credit_note_reason" text,
  -- Whose number sequence: 'platform', 'company:<uuid>' or 'vendor:<uuid>'.
  add column "issuer" text,
  add column "invoice_year" integer,
  add column "invoice_number" integer,
  -- The item a PRODUCT_SELL invoice bills (no foreign key: the invoice outlives the product row).
  add column "product" uuid,
  add constraint "invoice_language_check" check ("language" in ('fr', 'en')),
  add constraint "invoice_number_check"
    check (("issuer" is null) = ("invoice_number" is null) and ("issuer" is null) = ("invoice_year" is null)),
  add constraint "invoice_credit_note_check"
    check ("credit_note_of" is null or ("total_cents" <= 0 and "remaining_cents" = 0));

-- Rows written before cents existed keep their amounts, to the cent.
update "invoice" set
  "total_cents" = round("total_price" * 100)::bigint,
  "total_before_tax_cents" = round(coalesce("total_price_ht", "total_price") * 100)::bigint,
  "tax_cents" = round(coalesce("tax", 0) * 100)::bigint,
  "remaining_cents" = round("total_price" * 100)::bigint
where "total_price" is not null;

-- The doubles clients read are computed from the cents; a writer that only knows the doubles
-- (older demo data) gets its cents from them.
create function "invoice_amounts"() returns trigger
language plpgsql as $$
begin
  if new."total_cents" is null and new."total_price" is not null then
    new."total_cents" := round(new."total_price" * 100)::bigint;
  end if;
  if new."total_before_tax_cents" is null and new."total_cents" is not null then
    new."total_before_tax_cents" :=
      coalesce(round(new."total_price_ht" * 100)::bigint, new."total_cents");
  end if;
  if new."tax_cents" is null and new."total_cents" is not null then
    new."tax_cents" := coalesce(round(new."tax" * 100)::bigint, 0);
  end if;
  if tg_op = 'INSERT' and new."remaining_cents" is null then
    new."remaining_cents" := case when new."credit_note_of" is null then new."total_cents" else 0 end;
  end if;
  new."total_price" := new."total_cents" / 100.0;
  new."total_price_ht" := new."total_before_tax_cents" / 100.0;
  new."tax" := new."tax_cents" / 100.0;
  return new;
end
$$;

create trigger "invoice_amounts_from_cents"
  before insert on "invoice"
  for each row execute function "invoice_amounts"();

create unique index "invoice_number_unique"
  on "invoice" ("issuer", "invoice_year", "invoice_number") where "issuer" is not null;
-- Generating a period twice issues nothing new: one statement per depositor and one commission
-- invoice per vendor for the same period.
create unique index "invoice_period_once"
  on "invoice" ("category", "vendor", coalesce("customer", '00000000-0000-0000-0000-000000000000'::uuid), "date_start", "date_end")
  where "issuer" is not null and "credit_note_of" is null
    and "category" in ('DEPOSIT_CUSTOMER', 'MONTHLY_VENDOR');
-- One sale invoice per item.
create unique index "invoice_product_once"
  on "invoice" ("product")
  where "category" = 'PRODUCT_SELL' and "credit_note_of" is null and "product" is not null;
create index "invoice_credit_note_of_idx" on "invoice" ("credit_note_of") where "credit_note_of" is not null;

-- The last number given per issuer and year; taken with `insert ... on conflict do update ...
-- returning` in the transaction that inserts the invoice, so a rolled-back insert gives its
-- number back and two inserts never get the same one.
create table "invoice_number_sequence" (
  "issuer" text not null,
  "year" integer not null,
  "last_number" integer not null check ("last_number" > 0),
  primary key ("issuer", "year")
);

-- Which ledger entries a statement (DEPOSIT_CUSTOMER) or a commission invoice (MONTHLY_VENDOR)
-- already counts: an entry is billed once per category, whatever periods are asked for later.
create table "invoiced_ledger_entry" (
  "entry" uuid not null references "depositor_ledger_entry" ("uuid"),
  "category" "invoice_category" not null,
  "invoice" uuid not null references "invoice" ("uuid"),
  primary key ("entry", "category")
);
create index "invoiced_ledger_entry_invoice_idx" on "invoiced_ledger_entry" ("invoice");

create function "invoice_issued_unchanged"() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE'
     and (to_jsonb(new) - array['invoice_status', 'invoice_payed_datetime', 'pdf_file',
            'remaining_cents', 'updated_at', 'row_version'])
       = (to_jsonb(old) - array['invoice_status', 'invoice_payed_datetime', 'pdf_file',
            'remaining_cents', 'updated_at', 'row_version'])
     and new."remaining_cents" between 0 and coalesce(old."remaining_cents", 0) then
    return new;
  end if;
  raise exception 'an issued invoice is never changed: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "invoice_no_change"
  before update or delete on "invoice"
  for each row execute function "invoice_issued_unchanged"();
create trigger "invoice_no_truncate"
  before truncate on "invoice"
  for each statement execute function "invoice_issued_unchanged"();

create function "invoice_sequence_forward"() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new."issuer" = old."issuer" and new."year" = old."year"
     and new."last_number" = old."last_number" + 1 then
    return new;
  end if;
  raise exception 'invoice numbers only move forward: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "invoice_sequence_no_change"
  before update or delete on "invoice_number_sequence"
  for each row execute function "invoice_sequence_forward"();

create function "invoiced_ledger_entry_append_only"() returns trigger
language plpgsql as $$
begin
  raise exception 'invoiced_ledger_entry is append-only: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "invoiced_ledger_entry_no_change"
  before update or delete on "invoiced_ledger_entry"
  for each row execute function "invoiced_ledger_entry_append_only"();
