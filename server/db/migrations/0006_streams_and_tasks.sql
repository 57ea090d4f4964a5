-- Spreadsheet imports run as background tasks; the panel clears finished tasks per user.
alter type "task_name" add value if not exists 'IMPORT_SHEET_FILE';
alter type "task_name" add value if not exists 'IMPORT_CUSTOMERS';

alter table "background_task"
  add column "label" text not null default '',
  -- The payload the job runs with (file, deposit, profile address): kept so a restart can resume.
  add column "payload" jsonb not null default '{}'::jsonb,
  -- The job queue's id of the run, to tell a job that died with the server from one still queued.
  add column "job_id" text,
  -- Set by the panel's close button; dismissed tasks no longer stream to the panel.
  add column "dismissed_at" timestamptz;

create index if not exists "background_task_owner_idx"
  on "background_task" ("owner_object_uuid", "created_at" desc)
  where "dismissed_at" is null;

-- Keyset pagination of the exports: (ordering column, uuid) ranges.
create index if not exists "product_created_uuid_idx" on "product" ("created_at", "uuid");
create index if not exists "customer_created_uuid_idx" on "customer" ("created_at", "uuid");
create index if not exists "invoice_created_uuid_idx" on "invoice" ("created_at", "uuid");
