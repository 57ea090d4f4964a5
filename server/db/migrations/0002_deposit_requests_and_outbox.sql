-- Deposit requests (wantDeposit), the mail outbox, the public form's draft token, and the flags the
-- wantDeposit refusal reasons read (2-business-data.md §6).

alter table "vendor" add column "marketplace_welcome_meeting_done" boolean not null default false;
alter table "subscription" add column "cancel_at_period_end" boolean not null default false;

-- The public form's drafts are reached by visitors who are not signed in: only the holder of the
-- browser's secret may read or change them. Stored as a SHA-256 hex digest, never in clear.
alter table "deposit" add column "draft_token_hash" text;

-- A vendor asking for a deposit; an admin validates one request within 48 hours and assigns it.
create table "deposit_request" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "deposit" uuid not null references "deposit" ("uuid") on delete cascade,
  "vendor" uuid not null references "vendor" ("uuid") on delete cascade,
  "created_at" timestamptz not null default now(),
  unique ("deposit", "vendor")
);
create index "deposit_request_vendor_idx" on "deposit_request" ("vendor", "created_at");

-- Declared for every contract enum (the schema test checks), though no column uses it yet.
create type "want_deposit_refusal" as enum ('NO_PAID_SUBSCRIPTION', 'COMMISSION_SUBSCRIPTION', 'SUBSCRIPTION_NOT_UP_TO_DATE', 'TRIAL_PERIOD', 'SUBSCRIPTION_CANCELLED_AT_PERIOD_END', 'TRAINING_FINISHED', 'VENDOR_DISABLED', 'PROFILE_INCOMPLETE', 'WELCOME_MEETING_NOT_DONE', 'VENDOR_UNAVAILABLE', 'TOO_MANY_PENDING_DEPOSITS', 'ALREADY_TOOK_DEPOSIT_TODAY', 'DEPOSIT_GENDER_DIFFERS', 'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT', 'PRIORITY_DEPARTMENT');

create type "mail_kind" as enum ('DEPOSIT_CONFIRMATION', 'DEPOSIT_ASSIGNED', 'DEPOSIT_UPDATE', 'ADMIN_NOTICE');

create table "outbox_mail" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "kind" "mail_kind",
  "recipient" text,
  "subject" text,
  "body" text,
  "sent_at" timestamptz,
  "error" text,
  "deposit" uuid references "deposit" ("uuid") on delete set null,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);
create index "outbox_mail_created_idx" on "outbox_mail" ("created_at" desc);
