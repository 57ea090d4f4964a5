-- Payment processes (docs/architecture.md, "Payment provider"): a one-off payment through the
-- provider's checkout, owned by what it pays for (content type + uuid) and by the vendor who pays,
-- with its amount in cents, the open checkout page and the date of the newest provider event
-- applied (an older event arriving late changes nothing). Provider invoices of a subscription are
-- stored once per provider id.

alter table "payment_process"
  add column "vendor" uuid references "vendor" ("uuid"),
  add column "amount_cents" bigint not null default 0,
  add column "currency" text not null default 'eur',
  add column "description" text not null default '',
  add column "payment_url" text not null default '',
  add column "payment_url_expires_at" timestamptz,
  add column "provider_payment_intent" text,
  add column "provider_event_at" timestamptz;

create index "payment_process_vendor_idx" on "payment_process" ("vendor", "created_at");
create index "payment_process_owner_idx" on "payment_process" ("owner_object_uuid");
create index "payment_process_intent_idx" on "payment_process" ("provider_payment_intent");

create unique index "invoice_provider_invoice_key"
  on "invoice" ("payment_provider_id") where "category" = 'PROVIDER_INVOICE';
