-- DAC7 (Council Directive (EU) 2021/514, Annex V, section II(B)(1)): what the platform must
-- collect of a seller who is a person and nothing else in the schema holds: the tax
-- identification number, the date of birth and, where no TIN is issued, the place of birth.
alter table "vendor" add column "tax_identification_number" text;
alter table "vendor" add column "birth_date" date;
alter table "vendor" add column "birth_place" text;

-- Erasure of a customer's personal data (GDPR art. 17): when it was done. The row stays, masked,
-- because invoices, payouts and the ledger name it and must be kept (CGI art. L102 B, Code de
-- commerce art. L123-22).
alter table "customer" add column "erased_at" timestamptz;

-- The contract's Dac7SellerKind, which every contract enum has in the schema: how a seller is
-- reported, a person (a vendor outside any company) or an entity (a company and its vendors).
create type "dac7_seller_kind" as enum ('INDIVIDUAL', 'ENTITY');
