-- Police register (docs/decisions.md, "Police register (issue 23)"): every item received in a
-- deposit, numbered without a break per register (the company's when the vendor belongs to one,
-- otherwise the vendor's), with a snapshot of the item and of the depositor's identity and the
-- identity document shown (Code pénal art. 321-7, R.321-3 to R.321-8). Append-only for every
-- role; each entry carries the SHA-256 of the previous entry's hash and its own canonical content.

-- The identity document the depositor showed when the deposit was received (R.321-3).
alter table "deposit"
  add column "reception_id_document_type" text,
  add column "reception_id_document_number" text,
  add column "reception_id_document_authority" text,
  -- YYYY-MM-DD, the day the document was issued.
  add column "reception_id_document_date" text,
  add constraint "deposit_reception_id_document_date_check"
    check ("reception_id_document_date" is null or "reception_id_document_date" = ''
      or "reception_id_document_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

-- No foreign key anywhere: an entry outlives the deposit, product, customer and vendor it names
-- (kept at least 10 years), so it holds a snapshot of them.
create table "police_register_entry" (
  "uuid" uuid primary key default gen_random_uuid(),
  -- Whose register: 'company:<uuid>' or 'vendor:<uuid>' (the same owners as invoice issuers).
  "register" text not null,
  "number" bigint not null check ("number" > 0),
  -- The vendor who received the item (a company's register holds several).
  "vendor" uuid not null,
  -- DEPOSIT (received to sell on the depositor's behalf), PURCHASE (bought outright) or CORRECTION.
  "kind" text not null check ("kind" in ('DEPOSIT', 'PURCHASE', 'CORRECTION')),
  "entered_at" timestamptz not null,
  "product" uuid,
  "deposit" uuid,
  "corrects" uuid references "police_register_entry" ("uuid"),
  -- The entry's content as written (RegisterContent, camelCase keys).
  "content" jsonb not null,
  "previous_hash" text not null,
  "hash" text not null,
  "created_by" text,
  unique ("register", "number"),
  check (("kind" = 'CORRECTION') = ("corrects" is not null))
);
create index "police_register_entry_period_idx"
  on "police_register_entry" ("register", "entered_at");
create index "police_register_entry_product_idx"
  on "police_register_entry" ("product") where "product" is not null;

-- The last number given per register; taken with `insert ... on conflict do update ... returning`
-- in the transaction that writes the entry: the row lock serialises a register's writers, a
-- rollback gives the number back, so no gap and no duplicate.
create table "police_register_counter" (
  "register" text primary key,
  "last_number" bigint not null check ("last_number" > 0)
);

create function "police_register_append_only"() returns trigger
language plpgsql as $$
begin
  raise exception 'the police register is append-only: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "police_register_entry_no_change"
  before update or delete on "police_register_entry"
  for each row execute function "police_register_append_only"();
create trigger "police_register_entry_no_truncate"
  before truncate on "police_register_entry"
  for each statement execute function "police_register_append_only"();

create function "police_register_counter_forward"() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new."register" = old."register"
     and new."last_number" = old."last_number" + 1 then
    return new;
  end if;
  raise exception 'police register numbers only move forward: % refused', tg_op
    using errcode = 'integrity_constraint_violation';
end
$$;

create trigger "police_register_counter_no_change"
  before update or delete on "police_register_counter"
  for each row execute function "police_register_counter_forward"();
create trigger "police_register_counter_no_truncate"
  before truncate on "police_register_counter"
  for each statement execute function "police_register_counter_forward"();
