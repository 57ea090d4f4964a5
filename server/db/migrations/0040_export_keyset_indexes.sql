-- Export streams read their batches straight from an index on (ordering column, uuid) when one
-- exists (keyset, no sort before the first rows). The stock page exports in its own order, newest
-- entry first, which the mixed-direction stock index cannot serve in the export's order.
create index if not exists "product_stock_entry_keyset_idx" on "product" ("stock_entry_datetime", "uuid");
create index if not exists "deposit_created_uuid_idx" on "deposit" ("created_at", "uuid");
