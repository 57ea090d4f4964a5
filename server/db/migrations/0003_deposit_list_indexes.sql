-- Deposit statistics (DepositService ListWithStats, StatsForFilters) sum the products of many
-- deposits: this index holds every product column they read, so PostgreSQL answers from the index
-- alone (index-only scan) instead of visiting the table's pages, where one deposit's products are
-- scattered among everyone's.
create index "product_deposit_figures_idx" on "product" ("deposit")
  include ("sale_status", "selled_price", "suggested_price", "sell_datetime", "vendor_income",
    "customer_income", "provider_income");

-- Recommended price: sales of the last 12 months.
create index "product_sold_datetime_idx" on "product" ("sell_datetime")
  where "sale_status" in ('SELL', 'PAYED', 'FACTURED');
