-- DAC7 correction files (docs/decisions.md, "DAC7 corrections"): every DPI message the DAC7 page
-- builds is kept with its MessageRefId, and every reportable seller it carries with its DocRefId,
-- so that a later correction (DPI402) can name the DocRefId it corrects or deletes (CorrDocRefId).
-- The seller's data is kept as the file said it (the records of the return, kept 5 to 10 years
-- under Directive (EU) 2021/514, Annex V, section IV), which a deletion sends again.

create table "dac7_filed_report" (
  "uuid" uuid primary key default gen_random_uuid(),
  "year" integer not null,
  "message_ref_id" text not null unique,
  -- DPI401 new data, DPI402 corrections, DPI403 nothing to report.
  "message_type_indic" text not null check ("message_type_indic" in ('DPI401', 'DPI402', 'DPI403')),
  -- The first report of the chain a correction belongs to; null for a first report.
  "corrects" uuid references "dac7_filed_report" ("uuid"),
  "platform_doc_ref_id" text not null unique,
  -- The staff member who built it (their sign-in subject).
  "filed_by" text not null,
  "created_at" timestamptz not null default now()
);
create index "dac7_filed_report_year" on "dac7_filed_report" ("year", "created_at");

create table "dac7_filed_seller" (
  "uuid" uuid primary key default gen_random_uuid(),
  "report" uuid not null references "dac7_filed_report" ("uuid"),
  "position" integer not null,
  -- `vendor:<uuid>` or `company:<uuid>`, as the DAC7 page names sellers.
  "seller_key" text not null,
  "vendor" uuid references "vendor" ("uuid"),
  "company" uuid references "company" ("uuid"),
  "name" text not null,
  "doc_type_indic" text not null check ("doc_type_indic" in ('OECD1', 'OECD2', 'OECD3')),
  "doc_ref_id" text not null unique,
  -- The document an OECD2 or OECD3 replaces; each is replaced once, so a second correction
  -- names the first correction's DocRefId.
  "corr_doc_ref_id" text unique references "dac7_filed_seller" ("doc_ref_id"),
  "seller_data" jsonb not null,
  unique ("report", "seller_key")
);
create index "dac7_filed_seller_key" on "dac7_filed_seller" ("seller_key");
