-- Paid shipping labels (docs/decisions.md, "Shipping (issue 21)"): a label beyond the plan's
-- allowance is written before it is paid (status NOT_CREATED, naming its payment process) and made
-- at the carrier once the payment completes, so it keeps what the carrier needs then: the
-- recipient's e-mail and phone, and its price. A paid label is invoiced once per payment process.

alter table "shipping_label"
  add column "recipient_email" text,
  add column "recipient_phone" text,
  add column "price_cents" bigint check ("price_cents" is null or "price_cents" > 0),
  -- What the carrier last answered when making the paid label failed; the label can be made again.
  add column "carrier_error" text,
  -- How many times the parcel was made again (Regenerate): each new parcel's reference differs.
  add column "regenerations" integer not null default 0;

create unique index "invoice_shipping_label_once"
  on "invoice" ("payment_provider_id") where "category" = 'PROVIDER_SHIPPING_LABEL';
