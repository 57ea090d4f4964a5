-- Publishing: listings per product and channel, the product timeline, storefront reservations,
-- connector tokens and OAuth states, the vendor's shop address.
alter type "task_name" add value if not exists 'PUBLISH_PRODUCTS';
alter type "task_name" add value if not exists 'WITHDRAW_LISTINGS';

create type "listing_status" as enum ('PENDING', 'LISTED', 'FAILED', 'WITHDRAWN');
create type "product_event_kind" as enum ('LISTED', 'PUBLISH_FAILED', 'RESERVED', 'RELEASED', 'SOLD', 'WITHDRAWN', 'WITHDRAW_FAILED', 'RECORDED');
create type "reservation_status" as enum ('PENDING', 'CONFIRMED', 'RELEASED');

alter table "vendor_connector"
  add column "account_name" text,
  add column "last_sync_at" timestamptz,
  add column "last_sync_error" text,
  add column "connected" boolean not null default false,
  add column "shop" text,
  add column "connected_at" timestamptz,
  -- Channel credentials: never sent to the browser.
  add column "access_token" text,
  add column "refresh_token" text,
  add column "token_expires_at" timestamptz,
  -- Orders read up to here by the synchronisation (eBay polling).
  add column "sync_cursor" text;
-- One connector per vendor and channel.
create unique index if not exists "vendor_connector_vendor_publisher_idx"
  on "vendor_connector" ("vendor", "publisher_name");

-- An OAuth consent in progress: the state parameter sent to the channel and what to do on return.
create table "connector_oauth_state" (
  "state" text primary key not null,
  "vendor" uuid not null references "vendor" (uuid) on delete cascade,
  "publisher_name" text not null,
  "shop" text,
  "final_redirect_uri" text not null,
  "created_at" timestamptz not null default now()
);

create table "product_listing" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "product" uuid not null references "product" (uuid) on delete cascade,
  "vendor_connector" uuid references "vendor_connector" (uuid) on delete restrict,
  "publisher_name" text not null,
  "external_id" text,
  "url" text,
  "status" "listing_status" not null default 'PENDING',
  "error" text,
  "listed_at" timestamptz,
  "withdrawn_at" timestamptz,
  "withdraw_reason" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);
-- Publishing twice is harmless: one listing per product and connector (and per channel by hand).
create unique index "product_listing_product_connector_idx"
  on "product_listing" ("product", "vendor_connector") where "vendor_connector" is not null;
create unique index "product_listing_product_manual_idx"
  on "product_listing" ("product", "publisher_name") where "vendor_connector" is null;
create index "product_listing_connector_status_idx" on "product_listing" ("vendor_connector", "status");
create index "product_listing_external_idx" on "product_listing" ("publisher_name", "external_id");

create table "product_event" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "product" uuid not null references "product" (uuid) on delete cascade,
  "kind" "product_event_kind" not null,
  "publisher_name" text,
  "url" text,
  "detail" text,
  "occurred_at" timestamptz not null default now(),
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);
create index "product_event_product_idx" on "product_event" ("product", "occurred_at");

create table "storefront_reservation" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "product" uuid not null references "product" (uuid) on delete cascade,
  "buyer" uuid references "buyer" (uuid) on delete restrict,
  "vendor" uuid not null references "vendor" (uuid) on delete restrict,
  "status" "reservation_status" not null default 'PENDING',
  "message" text,
  "decided_at" timestamptz,
  -- The buyer's contact as given on the shop page, kept with the reservation.
  "buyer_name" text,
  "buyer_email" text,
  "buyer_phone" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);
-- One pending reservation per product: a second buyer finds it reserved.
create unique index "storefront_reservation_pending_idx"
  on "storefront_reservation" ("product") where "status" = 'PENDING';
create index "storefront_reservation_vendor_idx" on "storefront_reservation" ("vendor", "created_at" desc);

-- The vendor's public shop page lives at /shop/<shop_slug>.
alter table "vendor" add column "shop_slug" text;
create unique index if not exists "vendor_shop_slug_idx" on "vendor" ("shop_slug");
