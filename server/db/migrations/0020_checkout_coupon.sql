-- The promotion code a checkout page was made with: an open page is reused only for the same code.
alter table "checkout_session" add column "promotion_code" text not null default '';
