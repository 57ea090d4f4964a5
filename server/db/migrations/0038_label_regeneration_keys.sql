-- Regenerate's request keys: the key the client draws once per "make the label again" action,
-- with the label and the parcel it made. A retried request (network drop, double click, replay)
-- finds its key and answers the label instead of making another parcel; the same key sent for
-- another label is refused. Unique per vendor, like the label creation's idempotency key.
create table "shipping_label_regeneration" (
  "vendor" uuid not null references "vendor" ("uuid") on delete cascade,
  "request_key" text not null,
  "shipping_label" uuid not null references "shipping_label" ("uuid") on delete cascade,
  "regeneration" integer not null,
  "created_at" timestamptz not null default now(),
  primary key ("vendor", "request_key")
);

create index "shipping_label_regeneration_label_idx"
  on "shipping_label_regeneration" ("shipping_label");
