-- Marketplace transactions a vendor imports (from the marketplace connector or its CSV export):
-- amounts in integer cents, the sale channel, the links to the item sold and to its buyer.
create type "marketplace_transaction_source" as enum ('CONNECTOR', 'CSV');
create type "transaction_link_filter" as enum ('LINKED', 'UNLINKED');

alter table "marketplace_transaction"
  add column "product" uuid references "product" (uuid) on delete set null,
  add column "linked_buyer" uuid references "buyer" (uuid) on delete set null,
  add column "channel" "sale_platform",
  add column "order_id" text,
  add column "price_cents" integer not null default 0,
  add column "buyer_fee_cents" integer not null default 0,
  add column "seller_fee_cents" integer not null default 0,
  add column "shipping_cents" integer not null default 0,
  add column "payout_cents" integer not null default 0,
  add column "currency" text not null default 'EUR',
  add column "sold_at" timestamptz,
  add column "buyer_login" text,
  add column "source" "marketplace_transaction_source";

-- One row per marketplace transaction and vendor: importing again updates it, never doubles it.
create unique index "marketplace_transaction_vendor_channel_id_idx"
  on "marketplace_transaction" ("vendor", "channel", "id") where "id" is not null;
create index "marketplace_transaction_vendor_sold_idx"
  on "marketplace_transaction" ("vendor", "sold_at");
create index "marketplace_transaction_product_idx" on "marketplace_transaction" ("product");
