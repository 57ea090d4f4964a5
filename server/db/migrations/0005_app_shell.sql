-- The app shell (1-app-shell.md): the user-type choice and the messaging inbox's conversations.

create type "user_type" as enum ('VENDOR', 'CUSTOMER');

alter table "support_ticket" add column "author_name" text;
alter table "support_ticket" add column "last_message_at" timestamptz;

create table "support_ticket_message" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "support_ticket" uuid,
  "content" text,
  "from_support" boolean not null default false,
  "author_name" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);
alter table "support_ticket_message" add constraint "support_ticket_message_support_ticket_fkey"
  foreign key ("support_ticket") references "support_ticket" (uuid) on delete cascade;
create index "support_ticket_message_support_ticket_idx"
  on "support_ticket_message" ("support_ticket", "created_at");
create index "support_ticket_last_message_idx" on "support_ticket" ("last_message_at" desc);
