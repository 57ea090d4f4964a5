-- The public deposit form (docs/decisions.md, "Public deposit form"): when the address service is
-- down or too slow, the visitor types the address by hand instead of picking one of its proposals.
-- The deposit records it, so staff know to check that address before anyone travels to it.

alter table "deposit"
  add column "is_address_typed" boolean not null default false;
