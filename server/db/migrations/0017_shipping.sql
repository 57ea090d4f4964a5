-- Shipping labels: whose they are (scopes), the request key that makes a retried creation answer
-- the same label, the carrier's parcel id (webhooks name it) and the relay point it goes to.
alter table "shipping_label" add column "vendor" uuid references "vendor" (uuid) on delete restrict;
alter table "shipping_label" add column "idempotency_key" text;
alter table "shipping_label" add column "carrier_parcel_id" text;
alter table "shipping_label" add column "recipient_service_point_id" text;
alter table "shipping_label" add column "recipient_name" text;
create index "shipping_label_vendor_idx" on "shipping_label" ("vendor", "created_at" desc);
create unique index "shipping_label_idempotency_idx" on "shipping_label" ("vendor", "idempotency_key");
create unique index "shipping_label_parcel_idx" on "shipping_label" ("carrier_parcel_id");
