-- When a deposit was received (its move to RECEIVED), for the statistics' days from reception to
-- going online (INLINE, deposit_completed_datetime). A trigger stamps it on every path that makes a
-- deposit RECEIVED (a status change, a creation, a sheet import), once: the first reception stays.
alter table "deposit" add column "received_datetime" timestamptz;

create function "deposit_stamp_received"() returns trigger
language plpgsql as $$
begin
  if new."status" = 'RECEIVED' and new."received_datetime" is null then
    new."received_datetime" := now();
  end if;
  return new;
end
$$;

create trigger "deposit_received_datetime"
  before insert or update of "status" on "deposit"
  for each row execute function "deposit_stamp_received"();

-- Deposits received before this column: the first police register entry of their reception, when
-- there is one; otherwise unknown (left out of the days to INLINE).
update "deposit" d set "received_datetime" = r.entered_at
from (
  select e."deposit", min(e."entered_at") as entered_at from "police_register_entry" e
  where e."deposit" is not null and e."kind" <> 'CORRECTION' group by e."deposit"
) r
where r."deposit" = d."uuid" and d."received_datetime" is null;

create index "deposit_completed_datetime_idx"
  on "deposit" ("deposit_completed_datetime") where "deposit_completed_datetime" is not null;
