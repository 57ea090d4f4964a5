-- Subscriptions through the payment provider (docs/architecture.md, "Payment provider"): the
-- provider's customer of each vendor, the checkout sessions we opened (so asking twice gives the
-- same page), every webhook event applied once, and on each subscription the date of the newest
-- event applied, so an older event arriving late changes nothing.

alter table "vendor"
  add column "payment_provider_customer_id" text unique;

alter table "subscription"
  add column "provider_event_at" timestamptz,
  add column "trial_end" timestamptz;

create unique index "subscription_payment_provider_id_key"
  on "subscription" ("payment_provider_id") where "provider_event_at" is not null;

create table "checkout_session" (
  "provider_session_id" text primary key not null,
  "vendor" uuid not null references "vendor" ("uuid"),
  "type" "subscription_type" not null,
  "plan_interval" text not null,
  "url" text not null,
  "expires_at" timestamptz not null,
  "created_at" timestamptz not null default now()
);
create index "checkout_session_vendor_idx" on "checkout_session" ("vendor", "created_at");

create table "payment_provider_event" (
  "id" text primary key not null,
  "type" text not null,
  "provider_created_at" timestamptz not null,
  "received_at" timestamptz not null default now()
);

-- The contract's CheckoutStatus: where a checkout stands is asked of the provider, never stored,
-- but every enum of the contracts has its type here.
create type "checkout_status" as enum ('PENDING', 'CONFIRMED', 'EXPIRED');
