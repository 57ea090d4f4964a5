-- The police register's enums of the contract (PoliceRegisterEntryKind, PoliceRegisterFormat), so
-- the schema holds every contract enum. The entries keep their kind as checked text: the table is
-- append-only, and its rows (and their hashes) are never rewritten.
create type "police_register_entry_kind" as enum ('DEPOSIT', 'PURCHASE', 'CORRECTION');
create type "police_register_format" as enum ('PDF', 'CSV');
