-- Printing the labels of many sold items into one PDF is a background task of its own.
alter type "task_name" add value if not exists 'PRINT_SHIPPING_LABELS';
