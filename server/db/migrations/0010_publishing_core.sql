-- What each publication (a PUBLISH_PRODUCTS background task) did, pair by pair, in order: the
-- publish stream reads it to report progress, and a page that reconnects after a cut reads it
-- from the start to rebuild what it had shown.
create table "publish_result" (
  "id" bigserial primary key,
  "task" uuid not null references "background_task" (uuid) on delete cascade,
  -- LISTED, ALREADY_LISTED, ERROR (one per product and connector), INLINE_OFFER (one per deposit).
  "kind" text not null,
  "product" uuid,
  "vendor_connector" uuid,
  "publisher_name" text,
  "deposit" uuid,
  "url" text,
  -- ERROR only: INCOMPLETE, RULE_REFUSED, CHANNEL_REFUSED, CHANNEL_UNAVAILABLE, PUBLISH_UNKNOWN_ERROR.
  "code" text,
  "message" text,
  "missing" text[],
  "created_at" timestamptz not null default now()
);
create index "publish_result_task_idx" on "publish_result" ("task", "id");
