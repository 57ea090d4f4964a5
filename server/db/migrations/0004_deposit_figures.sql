-- Deposit figures kept up to date as products change, so the statistics calls (DepositService
-- ListWithStats and StatsForFilters) read a few rows per deposit instead of summing every product,
-- and RecommendedPrice reads the deposit's count of products entered.
--
-- The sums are those of the statistics calls (server/services/deposit/calls/stats.ts), before the
-- vendor's percentage applies (that percentage can change at any time, so it applies when read):
-- - product_count: every product of the deposit; refused_count: those with sale status REFUSED;
-- - sold_*: products with a sold sale status (SELL, PAYED, FACTURED): their sold prices
--   (selled_price), recorded splits (vendor_income, customer_income) and the sums taken where no
--   split is recorded, which the vendor's percentage multiplies later;
-- - potential_suggested_price: suggested prices of products neither sold, refused nor restituted
--   (no sale status counts as OFFLINE).
-- deposit_month_figures holds the same sold sums per Paris calendar month of the sale date, for
-- the month figures. Sums are exact (numeric): adding and taking away products leaves no drift.
-- A row whose count falls to 0 is deleted: both tables hold exactly the deposits (and months)
-- that have products (sales). tests/server/depositFigures.test.ts checks them against sums taken
-- from scratch after every kind of product change. The sale-status lists here must follow
-- SOLD_STATUSES (src/domain/deposit/statuses.ts); that test fails when they part.

create table "deposit_figures" (
  "deposit" uuid primary key not null references "deposit" (uuid) on delete cascade,
  "product_count" bigint not null default 0,
  "refused_count" bigint not null default 0,
  "sold_count" bigint not null default 0,
  "sold_price" numeric not null default 0,
  "sold_vendor_income" numeric not null default 0,
  "sold_price_without_vendor_income" numeric not null default 0,
  "sold_customer_income" numeric not null default 0,
  "sold_price_without_customer_income" numeric not null default 0,
  "sold_vendor_income_without_customer_income" numeric not null default 0,
  "sold_price_without_income" numeric not null default 0,
  "sold_provider_income_without_customer_income" numeric not null default 0,
  "potential_suggested_price" numeric not null default 0
);

create table "deposit_month_figures" (
  "deposit" uuid not null references "deposit" (uuid) on delete cascade,
  -- First day of the Paris calendar month of the sales (sell_datetime).
  "month" date not null,
  "sold_count" bigint not null default 0,
  "sold_price" numeric not null default 0,
  "sold_vendor_income" numeric not null default 0,
  "sold_price_without_vendor_income" numeric not null default 0,
  "sold_customer_income" numeric not null default 0,
  "sold_price_without_customer_income" numeric not null default 0,
  "sold_vendor_income_without_customer_income" numeric not null default 0,
  "sold_price_without_income" numeric not null default 0,
  "sold_provider_income_without_customer_income" numeric not null default 0,
  primary key ("deposit", "month")
);

-- The statement that adds the products of the relation `added` and takes away those of `removed`
-- (either may be null) to both tables, answering the deposits where a count fell to 0. Rows are
-- written in deposit order, so two statements touching the same deposits lock them in one order.
create function "deposit_figures_statement"(added text, removed text) returns text
language sql immutable as $fn$
select format($q$
  with c as (%s),
  k as (
    select c.sign, c.deposit, c.sell_datetime, c.sale_status = 'REFUSED' as refused,
      coalesce(c.sale_status in ('SELL', 'PAYED', 'FACTURED'), false) as sold,
      coalesce(c.sale_status::text, 'OFFLINE') not in ('REFUSED', 'RESTITUED') as for_sale,
      c.selled_price::numeric as price, c.suggested_price::numeric as suggested,
      c.vendor_income::numeric as vi, c.customer_income::numeric as ci,
      c.provider_income::numeric as pi
    from c where c.deposit is not null),
  s as (
    select k.*,
      case when sold then sign * price end as s_price,
      case when sold then sign * vi end as s_vi,
      case when sold and vi is null then sign * price end as s_price_no_vi,
      case when sold then sign * ci end as s_ci,
      case when sold and ci is null then sign * price end as s_price_no_ci,
      case when sold and ci is null then sign * vi end as s_vi_no_ci,
      case when sold and ci is null and vi is null then sign * price end as s_price_no_income,
      case when sold and ci is null then sign * pi end as s_pi_no_ci,
      case when not sold and for_sale then sign * suggested end as s_potential
    from k),
  d as (
    select deposit, sum(sign) as product_count,
      coalesce(sum(sign) filter (where refused), 0) as refused_count,
      coalesce(sum(sign) filter (where sold), 0) as sold_count,
      coalesce(sum(s_price), 0) as sold_price,
      coalesce(sum(s_vi), 0) as sold_vendor_income,
      coalesce(sum(s_price_no_vi), 0) as sold_price_without_vendor_income,
      coalesce(sum(s_ci), 0) as sold_customer_income,
      coalesce(sum(s_price_no_ci), 0) as sold_price_without_customer_income,
      coalesce(sum(s_vi_no_ci), 0) as sold_vendor_income_without_customer_income,
      coalesce(sum(s_price_no_income), 0) as sold_price_without_income,
      coalesce(sum(s_pi_no_ci), 0) as sold_provider_income_without_customer_income,
      coalesce(sum(s_potential), 0) as potential_suggested_price
    from s group by deposit),
  m as (
    select deposit, date_trunc('month', sell_datetime at time zone 'Europe/Paris')::date as month,
      sum(sign) as sold_count,
      coalesce(sum(s_price), 0) as sold_price,
      coalesce(sum(s_vi), 0) as sold_vendor_income,
      coalesce(sum(s_price_no_vi), 0) as sold_price_without_vendor_income,
      coalesce(sum(s_ci), 0) as sold_customer_income,
      coalesce(sum(s_price_no_ci), 0) as sold_price_without_customer_income,
      coalesce(sum(s_vi_no_ci), 0) as sold_vendor_income_without_customer_income,
      coalesce(sum(s_price_no_income), 0) as sold_price_without_income,
      coalesce(sum(s_pi_no_ci), 0) as sold_provider_income_without_customer_income
    from s where sold and sell_datetime is not null group by 1, 2),
  up_d as (
    insert into deposit_figures as f (deposit, product_count, refused_count, sold_count, sold_price, sold_vendor_income,
      sold_price_without_vendor_income, sold_customer_income, sold_price_without_customer_income,
      sold_vendor_income_without_customer_income, sold_price_without_income,
      sold_provider_income_without_customer_income,
      potential_suggested_price)
    select deposit, product_count, refused_count, sold_count, sold_price, sold_vendor_income,
      sold_price_without_vendor_income, sold_customer_income, sold_price_without_customer_income,
      sold_vendor_income_without_customer_income, sold_price_without_income,
      sold_provider_income_without_customer_income,
      potential_suggested_price
    from d
    where not (product_count = 0 and refused_count = 0 and sold_count = 0 and sold_price = 0
      and sold_vendor_income = 0 and sold_price_without_vendor_income = 0
      and sold_customer_income = 0 and sold_price_without_customer_income = 0
      and sold_vendor_income_without_customer_income = 0 and sold_price_without_income = 0
      and sold_provider_income_without_customer_income = 0 and potential_suggested_price = 0)
    order by deposit
    on conflict (deposit) do update set
      product_count = f.product_count + excluded.product_count,
      refused_count = f.refused_count + excluded.refused_count,
      sold_count = f.sold_count + excluded.sold_count,
      sold_price = f.sold_price + excluded.sold_price,
      sold_vendor_income = f.sold_vendor_income + excluded.sold_vendor_income,
      sold_price_without_vendor_income =
        f.sold_price_without_vendor_income + excluded.sold_price_without_vendor_income,
      sold_customer_income = f.sold_customer_income + excluded.sold_customer_income,
      sold_price_without_customer_income =
        f.sold_price_without_customer_income + excluded.sold_price_without_customer_income,
      sold_vendor_income_without_customer_income = f.sold_vendor_income_without_customer_income
        + excluded.sold_vendor_income_without_customer_income,
      sold_price_without_income = f.sold_price_without_income + excluded.sold_price_without_income,
      sold_provider_income_without_customer_income = f.sold_provider_income_without_customer_income
        + excluded.sold_provider_income_without_customer_income,
      potential_suggested_price = f.potential_suggested_price + excluded.potential_suggested_price
    returning f.deposit, f.product_count),
  up_m as (
    insert into deposit_month_figures as f (deposit, month, sold_count, sold_price, sold_vendor_income,
      sold_price_without_vendor_income, sold_customer_income, sold_price_without_customer_income,
      sold_vendor_income_without_customer_income, sold_price_without_income,
      sold_provider_income_without_customer_income)
    select deposit, month, sold_count, sold_price, sold_vendor_income,
      sold_price_without_vendor_income, sold_customer_income, sold_price_without_customer_income,
      sold_vendor_income_without_customer_income, sold_price_without_income,
      sold_provider_income_without_customer_income
    from m
    where not (sold_count = 0 and sold_price = 0
      and sold_vendor_income = 0 and sold_price_without_vendor_income = 0
      and sold_customer_income = 0 and sold_price_without_customer_income = 0
      and sold_vendor_income_without_customer_income = 0 and sold_price_without_income = 0
      and sold_provider_income_without_customer_income = 0)
    order by deposit, month
    on conflict (deposit, month) do update set
      sold_count = f.sold_count + excluded.sold_count,
      sold_price = f.sold_price + excluded.sold_price,
      sold_vendor_income = f.sold_vendor_income + excluded.sold_vendor_income,
      sold_price_without_vendor_income =
        f.sold_price_without_vendor_income + excluded.sold_price_without_vendor_income,
      sold_customer_income = f.sold_customer_income + excluded.sold_customer_income,
      sold_price_without_customer_income =
        f.sold_price_without_customer_income + excluded.sold_price_without_customer_income,
      sold_vendor_income_without_customer_income = f.sold_vendor_income_without_customer_income
        + excluded.sold_vendor_income_without_customer_income,
      sold_price_without_income = f.sold_price_without_income + excluded.sold_price_without_income,
      sold_provider_income_without_customer_income = f.sold_provider_income_without_customer_income
        + excluded.sold_provider_income_without_customer_income
    returning f.deposit, f.sold_count)
  select
    (select array_agg(deposit) from up_d where product_count = 0),
    (select array_agg(distinct deposit) from up_m where sold_count = 0)
$q$, concat_ws(' union all ',
  case when added is not null then format('select 1 as sign, %s from %I', columns, added) end,
  case when removed is not null then format('select -1 as sign, %s from %I', columns, removed) end))
from (select 'deposit, sale_status, selled_price, suggested_price, vendor_income, customer_income,
  provider_income, sell_datetime' as columns) as c
$fn$;

-- Statement-level triggers: one pass over the statement's changed rows (transition tables), so a
-- bulk insert or update costs one grouped statement, not one per product. Each trigger function
-- holds its statement as plain SQL, written here from deposit_figures_statement, so PL/pgSQL plans
-- it once per connection rather than on every product change.
do $do$
declare
  kind text;
begin
  foreach kind in array array['insert', 'update', 'delete'] loop
    execute format($f$
      create function %I() returns trigger language plpgsql as $body$
      declare
        emptied uuid[];
        emptied_months uuid[];
      begin
        %s
        into emptied, emptied_months;
        if emptied is not null then
          delete from deposit_figures where deposit = any (emptied) and product_count = 0;
        end if;
        if emptied_months is not null then
          delete from deposit_month_figures
          where deposit = any (emptied_months) and sold_count = 0;
        end if;
        return null;
      end
      $body$$f$,
      'deposit_figures_on_product_' || kind,
      deposit_figures_statement(
        case when kind <> 'delete' then 'new_products' end,
        case when kind <> 'insert' then 'old_products' end));
  end loop;
end
$do$;

create function "deposit_figures_on_product_truncate"() returns trigger
language plpgsql as $fn$
begin
  delete from deposit_month_figures;
  delete from deposit_figures;
  return null;
end
$fn$;

create trigger "product_deposit_figures_insert" after insert on "product"
  referencing new table as new_products
  for each statement execute function deposit_figures_on_product_insert();
create trigger "product_deposit_figures_update" after update on "product"
  referencing old table as old_products new table as new_products
  for each statement execute function deposit_figures_on_product_update();
create trigger "product_deposit_figures_delete" after delete on "product"
  referencing old table as old_products
  for each statement execute function deposit_figures_on_product_delete();
create trigger "product_deposit_figures_truncate" after truncate on "product"
  for each statement execute function deposit_figures_on_product_truncate();

-- The products already there.
do $fn$
begin
  execute deposit_figures_statement('product', null);
end
$fn$;

-- The statistics no longer sum products: the covering index of 0003 only slowed product writes
-- (product_deposit_idx serves the lookups by deposit).
drop index "product_deposit_figures_idx";

-- Recommended price: the sales of the last 12 months with their price and deposit, from the index
-- alone (index-only scan).
drop index "product_sold_datetime_idx";
create index "product_sold_datetime_idx" on "product" ("sell_datetime")
  include ("selled_price", "deposit")
  where "sale_status" in ('SELL', 'PAYED', 'FACTURED');
