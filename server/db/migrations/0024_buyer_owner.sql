-- A buyer recorded by a vendor is that vendor's: it stays theirs before any sale names it, and the
-- same person buying from two vendors is two records, so one vendor never reads or edits another's.
-- Staff-recorded buyers have no owner and reach a vendor through the items they bought.
alter table "buyer" add column "vendor" uuid references "vendor" (uuid) on delete cascade;
create index "buyer_vendor_idx" on "buyer" ("vendor");
-- Finding a returning buyer by e-mail or marketplace account within one vendor's buyers.
create index "buyer_vendor_email_idx" on "buyer" ("vendor", lower("email"));
create index "buyer_vendor_account_idx" on "buyer" ("vendor", lower("marketplace_account_id"));
