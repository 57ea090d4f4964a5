-- Announcements: one listing text per product and announcement (Generate and UpdateOrCreate write
-- through it), and at most one default announcement per vendor and per company.
create unique index if not exists "product_announcement_product_announcement_idx"
  on "product_announcement" ("product", "announcement") where "announcement" is not null;
create unique index if not exists "announcement_vendor_default_idx"
  on "announcement" ("vendor") where "is_default" and "vendor" is not null;
create unique index if not exists "announcement_company_default_idx"
  on "announcement" ("company") where "is_default" and "company" is not null and "vendor" is null;
