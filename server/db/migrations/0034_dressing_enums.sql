-- The depositor's dressing answers these enums of the contract (DressingStep, EarningSource,
-- DressingStatementKind); they are computed, never stored, but the schema holds every contract enum.
create type "dressing_step" as enum ('RECEIVED', 'PHOTOGRAPHED', 'ONLINE', 'RESERVED', 'SOLD', 'SHIPPED', 'PAID_OUT');
create type "earning_source" as enum ('NONE', 'LEDGER', 'STORED_INCOME');
create type "dressing_statement_kind" as enum ('STATEMENT', 'PAYOUT_RECEIPT');
