-- Live notices (issue "live notices"): what a signed-in user is told in the app, one row per
-- recipient and event, written in the transaction of the event itself. The recipient is the
-- identity subject (the user, whether vendor, customer or staff); `seq` counts each recipient's
-- notices from 1 and is the stream's resume cursor. It comes from the recipient's counter row,
-- locked by its upsert until commit, so a recipient's notices commit in `seq` order and a client
-- resuming after the last `seq` it saw can neither miss nor repeat one.
create type "notice_kind" as enum (
  'ITEM_SOLD', 'ITEM_RESERVED', 'DEPOSIT_ASSIGNED', 'PAYOUT_SENT', 'TASK_FINISHED'
);

create table "notice_counter" (
  "recipient" text primary key,
  "last_seq" bigint not null
);

create table "notice" (
  "id" bigserial primary key,
  "recipient" text not null,
  "seq" bigint not null check ("seq" > 0),
  "kind" "notice_kind" not null,
  -- What the client translates the notice from (names, amounts in cents, uuids); never a buyer.
  "payload" jsonb not null default '{}'::jsonb,
  "created_at" timestamptz not null default now(),
  constraint "notice_recipient_seq_key" unique ("recipient", "seq")
);
