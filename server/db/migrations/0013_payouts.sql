-- Paying depositors (docs/decisions.md, "Payouts"): bank details of customers (to be paid to) and
-- vendors (to pay from), payouts with their receipt, the ledger entries each payout settled, and
-- SEPA credit-transfer files. Payouts, their items and batches are append-only: a payout is a fact
-- recorded once, with the PAYOUT ledger entry written in the same transaction; a mistake is
-- corrected by a later entry, never by editing or deleting one.

alter table "customer"
  add column "iban" text,
  add column "bic" text,
  add column "account_holder" text;

alter table "vendor"
  add column "iban" text,
  add column "bic" text,
  add column "account_holder" text;

-- A RIB typed earlier moves into the IBAN when it reads as one: two letters, two check digits and
-- up to 30 letters or digits, with ISO 7064 mod 97-10 equal to 1. This one-off move is the only
-- place the check is written by hand (SQL cannot call ibantools); the service checks every IBAN
-- again with ibantools before paying to it, and the RIB text is kept as it was.
create function "pg_temp"."iban_mod97"(iban text) returns int
language plpgsql immutable as $$
declare
  rearranged text := substr(iban, 5) || substr(iban, 1, 4);
  digits text := '';
  ch text;
  remainder int := 0;
begin
  foreach ch in array regexp_split_to_array(rearranged, '') loop
    if ch ~ '[A-Z]' then
      digits := digits || (ascii(ch) - 55)::text;
    else
      digits := digits || ch;
    end if;
  end loop;
  foreach ch in array regexp_split_to_array(digits, '') loop
    remainder := (remainder * 10 + ch::int) % 97;
  end loop;
  return remainder;
end
$$;

update "customer" c set "iban" = t.candidate
from (
  select "uuid", upper(regexp_replace("rib", '[\s.-]', '', 'g')) as candidate
  from "customer" where "rib" is not null and "iban" is null
) t
where c."uuid" = t."uuid"
  and t.candidate ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'
  and "pg_temp"."iban_mod97"(t.candidate) = 1;

drop function "pg_temp"."iban_mod97"(text);

create type "payout_method" as enum ('BANK_TRANSFER', 'CASH', 'CHEQUE', 'STORE_CREDIT');

-- One pain.001.001.03 file: its message id is unique per vendor, as banks require.
create table "sepa_batch" (
  "uuid" uuid primary key default gen_random_uuid(),
  "vendor" uuid not null references "vendor" ("uuid"),
  "message_id" text not null,
  "idempotency_key" text not null,
  "execution_date" date not null,
  "total_cents" bigint not null check ("total_cents" > 0),
  "count" integer not null check ("count" > 0),
  "xml" text not null,
  -- Depositors asked for but left out, with their reason: [{customer, name, reason}].
  "excluded" jsonb not null default '[]',
  "debtor_iban" text not null,
  "debtor_bic" text,
  "debtor_name" text not null,
  "created_by" text,
  "created_at" timestamptz not null default now(),
  constraint "sepa_batch_message_id_key" unique ("vendor", "message_id"),
  constraint "sepa_batch_idempotency_key" unique ("vendor", "idempotency_key")
);

create table "payout" (
  "uuid" uuid primary key default gen_random_uuid(),
  "vendor" uuid not null references "vendor" ("uuid"),
  "customer" uuid not null references "customer" ("uuid"),
  "method" "payout_method" not null,
  "cheque_number" text,
  "memo" text,
  "amount_cents" bigint not null check ("amount_cents" > 0),
  -- Entries payable on or before this day were settled.
  "cut_off" date not null,
  -- Unbroken per vendor and calendar year: R-2026-000007 is year 2026, number 7.
  "receipt_year" integer not null,
  "receipt_seq" integer not null check ("receipt_seq" > 0),
  "receipt_number" text not null,
  -- What the receipt shows, taken when the payout is made (server/documents/model.ts).
  "receipt" jsonb not null,
  "idempotency_key" text not null,
  -- The PAYOUT entry of the depositor ledger this payout wrote.
  "ledger_entry" uuid not null unique references "depositor_ledger_entry" ("uuid"),
  "sepa_batch" uuid references "sepa_batch" ("uuid"),
  "created_by" text,
  "created_at" timestamptz not null default now(),
  constraint "payout_idempotency_key" unique ("vendor", "idempotency_key"),
  constraint "payout_receipt_key" unique ("vendor", "receipt_year", "receipt_seq"),
  constraint "payout_cheque_check"
    check ("method" <> 'CHEQUE' or coalesce("cheque_number", '') <> ''),
  constraint "payout_batch_check" check ("sepa_batch" is null or "method" = 'BANK_TRANSFER')
);

create index "payout_customer_idx" on "payout" ("customer", "vendor", "created_at" desc, "uuid");
create index "payout_vendor_idx" on "payout" ("vendor", "created_at" desc, "uuid");
create index "payout_sepa_batch_idx" on "payout" ("sepa_batch") where "sepa_batch" is not null;

-- The ledger entries (credits and reversals) one payout settled: an entry is settled once.
create table "payout_item" (
  "payout" uuid not null references "payout" ("uuid"),
  "ledger_entry" uuid not null unique references "depositor_ledger_entry" ("uuid"),
  "product" uuid,
  "share_cents" bigint not null,
  primary key ("payout", "ledger_entry")
);

-- The last receipt number given per vendor and year; the row lock taken by its upsert keeps the
-- numbers unbroken when two payouts are made at once.
create table "payout_receipt_counter" (
  "vendor" uuid not null references "vendor" ("uuid"),
  "year" integer not null,
  "last_seq" integer not null,
  primary key ("vendor", "year")
);

create function "payout_append_only"() returns trigger
language plpgsql as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "payout_no_change" before update or delete on "payout"
  for each row execute function "payout_append_only"();
create trigger "payout_no_truncate" before truncate on "payout"
  for each statement execute function "payout_append_only"();
create trigger "payout_item_no_change" before update or delete on "payout_item"
  for each row execute function "payout_append_only"();
create trigger "payout_item_no_truncate" before truncate on "payout_item"
  for each statement execute function "payout_append_only"();
create trigger "sepa_batch_no_change" before update or delete on "sepa_batch"
  for each row execute function "payout_append_only"();
create trigger "sepa_batch_no_truncate" before truncate on "sepa_batch"
  for each statement execute function "payout_append_only"();
