-- Tracking on the product's timeline: each delivery status of its label is one event.
alter type "product_event_kind" add value if not exists 'SHIPPING';
-- The label page sizes of the contract (LabelFormat), so the schema holds every contract enum.
create type "label_format" as enum ('LABEL_PRINTER', 'A4');
