-- Notices read (issue "older notices in a fresh tab"): how far each user has read their notices,
-- kept on the server so every tab and device shows the same unread ones. A notice is read when
-- its `seq` is at most the user's `read_seq`: reading is in order, as the panel shows the latest
-- notices and marks what it showed. Its own table rather than a column of `notice_counter`, whose
-- row a notice's transaction holds locked until it commits.
create table "notice_read" (
  "recipient" text primary key,
  "read_seq" bigint not null default 0 check ("read_seq" >= 0)
);
