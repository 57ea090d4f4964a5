-- The stock view of many products: each sortable column served by an index (uuid breaks ties, as
-- the list's ordering does), and the common filters combined with the default ordering.
create index if not exists "product_reference_uuid_idx" on "product" ("reference", "uuid");
create index if not exists "product_name_uuid_idx" on "product" ("name", "uuid");
create index if not exists "product_price_uuid_idx" on "product" ("suggested_price", "uuid");
create index if not exists "product_sell_uuid_idx" on "product" ("sell_datetime", "uuid");
create index if not exists "product_sale_entry_idx" on "product" ("sale_status", "stock_entry_datetime" desc, "uuid");
create index if not exists "product_deposit_entry_idx" on "product" ("deposit", "stock_entry_datetime" desc, "uuid");
