-- What each depositor is owed, per vendor: an append-only ledger. A sale credits the depositor's
-- share (SALE_CREDIT), a return or a refund reverses it (SALE_REVERSAL, naming the entry it
-- reverses), a payout debits it (PAYOUT). Amounts are signed integer cents. Balances are sums of
-- entries, never stored.
--
-- An entry becomes payable when the buyer's payment is recorded: `payable_at` goes once from null
-- to a date. That is the only change the table accepts (docs/decisions.md); every other UPDATE, any
-- DELETE and TRUNCATE are refused by the triggers below, for every role.
create type "ledger_entry_kind" as enum ('SALE_CREDIT', 'SALE_REVERSAL', 'PAYOUT');

create table "depositor_ledger_entry" (
  "uuid" uuid primary key default gen_random_uuid(),
  "vendor" uuid not null references "vendor" ("uuid"),
  "customer" uuid not null references "customer" ("uuid"),
  -- No foreign key: the entry outlives the product row, and it names the item it was written for.
  "product" uuid,
  "kind" "ledger_entry_kind" not null,
  "amount_cents" bigint not null,
  "payable_at" timestamptz,
  "created_at" timestamptz not null default now(),
  "reverses" uuid unique references "depositor_ledger_entry" ("uuid"),
  "payout" text,
  "memo" text,
  constraint "depositor_ledger_entry_credit_check"
    check ("kind" <> 'SALE_CREDIT' or ("amount_cents" > 0 and "product" is not null and "reverses" is null)),
  constraint "depositor_ledger_entry_reversal_check"
    check ("kind" <> 'SALE_REVERSAL' or ("amount_cents" < 0 and "reverses" is not null)),
  constraint "depositor_ledger_entry_payout_check"
    check ("kind" <> 'PAYOUT' or ("amount_cents" < 0 and "payable_at" is not null and "reverses" is null))
);

create index "depositor_ledger_entry_customer_idx"
  on "depositor_ledger_entry" ("customer", "vendor", "created_at" desc, "uuid");
create index "depositor_ledger_entry_product_idx"
  on "depositor_ledger_entry" ("product", "created_at", "uuid") where "product" is not null;

create function "depositor_ledger_entry_append_only"() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old."payable_at" is null and new."payable_at" is not null
     and (to_jsonb(new) - 'payable_at') = (to_jsonb(old) - 'payable_at') then
    return new;
  end if;
  raise exception 'depositor_ledger_entry is append-only: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "depositor_ledger_entry_no_change"
  before update or delete on "depositor_ledger_entry"
  for each row execute function "depositor_ledger_entry_append_only"();
create trigger "depositor_ledger_entry_no_truncate"
  before truncate on "depositor_ledger_entry"
  for each statement execute function "depositor_ledger_entry_append_only"();
