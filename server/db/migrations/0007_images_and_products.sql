-- Photo intake: the file as received, grouping of deposit photos into items, idempotent uploads.
alter table "deposit_image"
  add column if not exists "original" text,
  add column if not exists "cluster" integer not null default 0,
  add column if not exists "taken_at" timestamptz,
  add column if not exists "upload_key" text;
alter table "product_image"
  add column if not exists "original" text,
  add column if not exists "upload_key" text;

-- A retried upload (same key, same owner) finds the photo already stored.
create unique index if not exists "deposit_image_upload_key_idx"
  on "deposit_image" ("deposit", "upload_key") where "upload_key" is not null;
create unique index if not exists "product_image_upload_key_idx"
  on "product_image" ("product", "upload_key") where "upload_key" is not null;
create index if not exists "deposit_image_order_idx" on "deposit_image" ("deposit", "order");
create index if not exists "product_image_order_idx" on "product_image" ("product", "order");

-- Monthly quota of name and price generations per vendor.
create table if not exists "generation_usage" (
  "vendor" uuid not null references "vendor" (uuid) on delete cascade,
  "month" date not null,
  "count" integer not null default 0,
  primary key ("vendor", "month")
);

-- Stock filters and the 100k-product view: keyset-friendly orderings and filter columns.
create index if not exists "product_stock_entry_uuid_idx" on "product" ("stock_entry_datetime" desc, "uuid");
create index if not exists "product_brand_sale_idx" on "product" ("brand", "sale_status");
