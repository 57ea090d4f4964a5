-- Restitution receipts (docs/decisions.md, "Restitution receipts"): when a deposit is restituted,
-- a receipt lists the items handed back with their condition, the day and both parties (Code civil
-- art. 1915 ff., 1932). The depositor accepts it once, on the screen or through the personal link
-- of its mail; each returned item is entered in the police register as a RESTITUTION.

create type "restitution_receipt_status" as enum ('WAITING', 'ACCEPTED');
create type "restitution_acceptance_channel" as enum ('SCREEN', 'EMAIL_LINK');

-- A new kind of register entry: the item's return (the table keeps its kind as checked text).
alter type "police_register_entry_kind" add value if not exists 'RESTITUTION';
alter table "police_register_entry" drop constraint "police_register_entry_kind_check";
alter table "police_register_entry" add constraint "police_register_entry_kind_check"
  check ("kind" in ('DEPOSIT', 'PURCHASE', 'CORRECTION', 'RESTITUTION'));

-- No foreign key: the receipt is proof of the return, outlives the rows it names and keeps a snapshot
-- of the parties and items, as the register does.
create table "restitution_receipt" (
  "uuid" uuid primary key default gen_random_uuid(),
  "deposit" uuid not null unique,
  "vendor" uuid not null,
  "customer" uuid,
  "deposit_name" text not null default '',
  "restituted_at" timestamptz not null,
  -- The holder (company or vendor) and the depositor: { name, details } each.
  "holder" jsonb not null,
  "depositor" jsonb not null,
  -- The items handed back: [{ product, reference, name, condition }].
  "items" jsonb not null,
  -- 'fr' or 'en': the depositor's language, for the mail and the PDF.
  "language" text not null default 'fr' check ("language" in ('fr', 'en')),
  -- SHA-256 (hex) of the personal link's token; the token itself is only in the mail.
  "token_hash" text not null unique,
  "token_expires_at" timestamptz not null,
  "status" "restitution_receipt_status" not null default 'WAITING',
  "accepted_at" timestamptz,
  "accepted_through" "restitution_acceptance_channel",
  -- Who accepted: the signed-in subject, or empty through the link.
  "accepted_by" text,
  "accepted_ip" text,
  "accepted_user_agent" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1,
  check (("status" = 'ACCEPTED') = ("accepted_at" is not null and "accepted_through" is not null))
);
create index "restitution_receipt_vendor_idx" on "restitution_receipt" ("vendor");
create index "restitution_receipt_customer_idx" on "restitution_receipt" ("customer");

-- An accepted receipt never changes again, whoever writes.
create function "restitution_receipt_accepted_final"() returns trigger
language plpgsql as $$
begin
  if old."status" = 'ACCEPTED' then
    raise exception 'an accepted restitution receipt cannot change: % refused', tg_op
      using errcode = 'integrity_constraint_violation';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger "restitution_receipt_accepted_no_change"
  before update or delete on "restitution_receipt"
  for each row execute function "restitution_receipt_accepted_final"();
