-- Referrals (docs/decisions.md, "Sponsor codes" and "Referral reward"): every vendor has a
-- readable sponsor code of 8 characters without the look-alikes 0/O and 1/I, made by the
-- database for every vendor however the row is inserted, and never changed afterwards. A vendor
-- sponsored by another during onboarding is one row of `referral`.

create function "seconde_new_sponsor_code"() returns text language plpgsql volatile as $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  code text;
begin
  loop
    code := '';
    for i in 1..8 loop
      code := code || substr(alphabet, 1 + floor(random() * 32)::int, 1);
    end loop;
    exit when not exists (select 1 from "vendor" where "sponsor_code" = code);
  end loop;
  return code;
end $$;

-- The vendors there already get theirs now.
update "vendor" set "sponsor_code" = "seconde_new_sponsor_code"()
  where "sponsor_code" is null or "sponsor_code" !~ '^[2-9A-HJ-NP-Z]{8}$';

create unique index "vendor_sponsor_code_key" on "vendor" ("sponsor_code");

-- A new vendor always gets a fresh code (whatever the insert says); an update keeps the code.
create function "vendor_keep_sponsor_code"() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old."sponsor_code" is not null then
    new."sponsor_code" := old."sponsor_code";
  elsif tg_op = 'INSERT' or new."sponsor_code" is null then
    new."sponsor_code" := "seconde_new_sponsor_code"();
  end if;
  return new;
end $$;

create trigger "vendor_sponsor_code" before insert or update on "vendor"
  for each row execute function "vendor_keep_sponsor_code"();

create type "referral_reward_status" as enum ('PENDING', 'EARNED', 'APPLIED');

create table "referral" (
  "uuid" uuid primary key default gen_random_uuid(),
  "sponsor" uuid not null references "vendor" ("uuid") on delete cascade,
  -- A vendor is sponsored once.
  "sponsored" uuid not null unique references "vendor" ("uuid") on delete cascade,
  -- The code as the sponsor had it when it was typed.
  "sponsor_code" text not null,
  "reward_status" "referral_reward_status" not null default 'PENDING',
  -- The provider invoice (the sponsored vendor's first paid one) that earned the sponsor's month.
  "reward_invoice" text,
  "rewarded_at" timestamptz,
  -- The provider coupon put on the sponsor's subscription, and when.
  "sponsor_coupon" text,
  "applied_at" timestamptz,
  "created_at" timestamptz not null default now(),
  check ("sponsor" <> "sponsored")
);

create index "referral_sponsor_idx" on "referral" ("sponsor", "created_at");
