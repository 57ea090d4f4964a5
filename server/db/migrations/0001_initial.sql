-- Initial schema: every resource message of proto/ as a table (docs/contracts.md).

create type "abandon_reason" as enum ('NOT_SET', 'DONT_ANSWER', 'HOME_TAKE_AWAY_NOT_POSSIBLE', 'CUSTOMER_CANCEL', 'VENDOR_DOES_NOT_WANT_DEPOSIT_ANYMORE', 'DOES_NOT_MATCH_CRITERIA');
create type "age_range" as enum ('NOT_SORTED', 'BABY_0_24_MONTHS', 'CHILD_2_10', 'ADOLESCENT_11_17', 'YOUNG_ADULT_18_25', 'ADULT_25_45', 'ADULT_45_AND_OVER');
create type "announcement_kind" as enum ('TEMPLATE', 'PROMPT');
create type "background_remover_model" as enum ('U2NET', 'BIREFNET_GENERAL_LITE');
create type "background_task_status" as enum ('CREATED', 'SCHEDULED', 'RUNNING', 'COMPLETED', 'ERROR');
create type "cancel_reason" as enum ('NOT_SET', 'TOO_LONG', 'NO_LONGER_WANTS_DEPOSIT', 'DOES_NOT_WANT_TO_SEND_BY_POST', 'CLOTHES_NOT_GOOD_ENOUGH_QUALITY', 'BAD_FEELING_WITH_VENDOR', 'OTHER');
create type "cash_offer_status" as enum ('VALIDATED', 'REFUSED');
create type "contact_way" as enum ('PHONE_CALL', 'EMAIL', 'PHONE_MESSAGE', 'WHATS_APP');
create type "customer_selling_mode" as enum ('DEPOSIT_SELL', 'SUPPLIER', 'OWN_STOCK');
create type "customer_validation_response" as enum ('PENDING', 'ACCEPTED', 'REFUSED');
create type "default_image_kind" as enum ('NORMAL', 'WITHOUT_BACKGROUND');
create type "deposit_recovery" as enum ('GET_HOME', 'MEETING_POINT', 'RELAY_POINT', 'NOT_SET');
create type "deposit_status" as enum ('DRAFT', 'WAITING_FOR_VENDOR', 'CUSTOMER_PREPARING', 'WAITING_FOR_SENDING', 'SEND', 'RECEIVED', 'TODO', 'PROGRESS', 'CUSTOMER_WAITING', 'DEPOSIT_VALIDATED', 'INLINE', 'RESTITUED', 'ABANDONED', 'CANCELED');
create type "free_reason" as enum ('STARTER_SUBSCRIPTION');
create type "gamme" as enum ('LOW', 'AVERAGE', 'HIGH', 'HIGH_AND_LUXURY', 'LUXURY', 'VINTAGE', 'NOT_SET');
create type "image_kind" as enum ('FRONT', 'BACK', 'LABEL', 'SIDE', 'OTHER');
create type "inventory_support" as enum ('SPREADSHEET', 'OTHER', 'NONE');
create type "invoice_category" as enum ('MONTHLY_VENDOR', 'DEPOSIT_CUSTOMER', 'PROVIDER_COMMISSION', 'CLOTHES_BUY', 'CLOTHES_SELL', 'PROVIDER_INVOICE', 'PROVIDER_TRAINING', 'PROVIDER_SHIPPING_LABEL', 'PRODUCT_SELL');
create type "invoice_status" as enum ('NOT_PAYED', 'PAYED', 'PAYEMENT_CONFIRMED');
create type "marketplace_interest" as enum ('INTERESTED', 'NOT_INTERESTED', 'MAYBE');
create type "monthly_earning_expectation" as enum ('UNDER_200', 'BETWEEN_200_AND_500', 'BETWEEN_500_AND_1000', 'OVER_1000');
create type "onboarding_device" as enum ('MOBILE', 'DESKTOP');
create type "payment_status" as enum ('NOT_STARTED', 'COMPLETED', 'EXPIRED', 'CANCELED', 'REFUNDED');
create type "person_gender" as enum ('MAN', 'WOMAN', 'OTHER');
create type "preparation_status" as enum ('SORTED_AND_SEASONED', 'SORTED_NOT_SEASONED', 'NOT_SORTED');
create type "processing_status" as enum ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED');
create type "product_family" as enum ('WOMAN', 'MAN', 'KIDS', 'HOME', 'ELECTRONICS', 'ENTERTAINMENT', 'HOBBIES_COLLECTIBLES', 'SPORTS', 'MIXED');
create type "product_gender" as enum ('BOY', 'GIRL', 'MIXTE');
create type "product_origin" as enum ('MAIN_MARKETPLACE', 'SHOP_PLATFORM', 'PROVIDER', 'CSV', 'MARKETPLACE_SCRAPE', 'MARKETPLACE_EXTENSION_ORDER', 'CREATE_AND_BUY');
create type "product_quality" as enum ('NEW_WITH_TICKET', 'NEW_WITHOUT_TICKET', 'VERY_GOOD', 'GOOD', 'SATISFYING', 'REFUSED');
create type "qualification_status" as enum ('NOT_QUALIFIED', 'NOT_RESPONDED', 'ACTION_REQUIRED', 'QUALIFIED');
create type "role" as enum ('DEVELOPER', 'ADMIN', 'VENDOR', 'CUSTOMER');
create type "sale_platform" as enum ('MAIN_MARKETPLACE', 'DEPOP', 'VESTIAIRE_COLLECTIVE', 'EBAY', 'FACEBOOK_MARKETPLACE', 'INSTAGRAM', 'OTHER_SOCIAL_NETWORK', 'AMAZON', 'LEBONCOIN', 'WEBSITE', 'FLEA_MARKET', 'SHOP_PLATFORM', 'OTHER');
create type "sale_status" as enum ('FACTURED', 'PAYED', 'SELL', 'ONLINE', 'READY', 'OFFLINE', 'RESERVED', 'REFUSED', 'RESTITUED');
create type "season" as enum ('NOT_SET', 'WINTER', 'SPRING', 'SUMMER', 'AUTUMN');
create type "selling_mode" as enum ('DEPOSIT_SELL', 'CASH_OFFER', 'BUNDLE', 'DEFAULT_STOCK');
create type "selling_time_per_week" as enum ('LESS_THAN_5H', 'BETWEEN_5H_AND_10H', 'BETWEEN_10H_AND_20H', 'MORE_THAN_20H', 'COMPLETE_TIME', 'PARTIAL_TIME', 'TIME_TO_TIME');
create type "shipping_status" as enum ('NOT_CREATED', 'CREATED', 'SHIPPED', 'BLOCKED', 'DELIVERED', 'RETURNED', 'CANCELED', 'EXPIRED', 'ERROR', 'UNKNOWN');
create type "stock_quantity" as enum ('UNDER_250', 'BETWEEN_250_AND_1000', 'BETWEEN_1000_AND_10000', 'OVER_10000');
create type "stock_view" as enum ('CARD', 'LIST', 'PICTURES');
create type "stream_code" as enum ('PROGRESS', 'FINISH', 'SPECIAL');
create type "subscription_status" as enum ('INCOMPLETE', 'INCOMPLETE_EXPIRED', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'UNPAID');
create type "subscription_type" as enum ('STARTER', 'ESSENTIAL', 'PRO', 'PREMIUM', 'ECOMMERCE', 'COMMISSION', 'FORMATION');
create type "supplier_tax_profile" as enum ('PROFESSIONAL', 'INDIVIDUAL');
create type "support_ticket_priority" as enum ('LOW', 'MEDIUM', 'HIGH', 'URGENT');
create type "support_ticket_status" as enum ('OPEN', 'PENDING', 'RESOLVED', 'CLOSED');
create type "sync_type" as enum ('IMPORT_ONLY', 'EXPORT_ONLY', 'IMPORT_AND_EXPORT', 'STOCK_WRITE_ONLY');
create type "task_name" as enum ('IMPORT_MARKETPLACE_PROFILE', 'IMPORT_SHOP_PLATFORM');
create type "task_tooling" as enum ('CLOUD_RUN', 'PUB_SUB');
create type "time_before_contact" as enum ('NOW', 'ONE_TO_THREE_DAYS', 'ONE_WEEK');
create type "uploaded_from" as enum ('CUSTOMER', 'VENDOR');
create type "vendor_availability" as enum ('AVAILABLE', 'UNAVAILABLE');
create type "vendor_experience" as enum ('REGULAR', 'OCCASIONAL', 'BEGINNER');
create type "vendor_selling_mode" as enum ('DEPOSIT_SELL', 'RESELL', 'BOTH');

create table "announcement" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "name" text,
  "title" text,
  "description" text,
  "is_active" boolean not null default false,
  "is_default" boolean not null default false,
  "vendor" uuid,
  "company" uuid,
  "kind" "announcement_kind",
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "background_task" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "status" "background_task_status",
  "task_tooling" "task_tooling",
  "task_name" "task_name",
  "last_run_start_datetime" timestamptz,
  "last_run_end_datetime" timestamptz,
  "progress" integer,
  "progress_messages" text[],
  "current_item_number" integer,
  "total_items" integer,
  "total_items_available" integer,
  "owner_content_type" text,
  "owner_object_uuid" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "brand" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "name" text,
  "slug" text,
  "resale_marketplace_id" integer,
  "refused_by_provider" boolean not null default false,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "buyer" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "first_name" text,
  "last_name" text,
  "email" text,
  "postal_code" text,
  "phone_number" text,
  "address" text,
  "address_complement" text,
  "city" text,
  "gender" "person_gender",
  "marketplace_account_id" text,
  "marketplace_profile" text,
  "is_business" boolean not null default false,
  "country_name" text,
  "country_code" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "category_attribute" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "marketplace_id" integer,
  "code" text,
  "title" text,
  "description" text,
  "placeholder" text,
  "required" boolean not null default false,
  "display_type" text,
  "selection_type" text,
  "selection_limit" integer,
  "banner" text,
  "validation_error_message" text,
  "order" integer,
  "options" jsonb,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "category" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "name" text,
  "name_singular" text,
  "identifier" text,
  "family" "product_family",
  "order" integer,
  "resale_marketplace_path_ids" integer[],
  "product_size_group" text,
  "package_size" integer,
  "active" boolean not null default false,
  "exact_matching_with_marketplace" boolean not null default false,
  "show_color" boolean not null default false,
  "show_size" boolean not null default false,
  "show_measurements" boolean not null default false,
  "show_brand" boolean not null default false,
  "show_author" boolean not null default false,
  "show_book_title" boolean not null default false,
  "show_isbn" boolean not null default false,
  "show_video_game_rating" boolean not null default false,
  "skip_price_limit" boolean not null default false,
  "attribute_assignments" jsonb,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "color" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "title" text,
  "code" text,
  "hex_code" text,
  "order" integer,
  "marketplace_id" integer,
  "color_text" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "company" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "title" text,
  "siret" text,
  "proof_registration" text,
  "website_link" text,
  "tax_eligible" boolean not null default false,
  "negociated_pourcentage_on_price" integer,
  "postal_code" text,
  "address" text,
  "city" text,
  "use_vendor_address_as_facturation_address" boolean not null default false,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "country" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "code" text,
  "name_fr" text,
  "name_en" text,
  "flag" text,
  "order" integer,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "customer" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "identity_user_uuid" text,
  "first_name" text,
  "last_name" text,
  "email" text,
  "postal_code" text,
  "phone_number" text,
  "address" text,
  "city" text,
  "vendors" uuid[],
  "deposit_number" integer,
  "product_number" integer,
  "rib" text,
  "is_sourced_by_provider" boolean not null default false,
  "is_already_existing" boolean not null default false,
  "accepted_legal_term_at" timestamptz,
  "legal_terms_updated_at" timestamptz,
  "age_range" "age_range",
  "accept_home_take_away" boolean not null default false,
  "accept_send_postal" boolean not null default false,
  "how_did_you_know_provider" text,
  "register_to_customer_newsletter" boolean not null default false,
  "accept_to_be_contacted" boolean not null default false,
  "prefered_contact_way" "contact_way",
  "gender" "person_gender",
  "company_name" text,
  "want_invoice" boolean not null default false,
  "latitude" double precision,
  "longitude" double precision,
  "selling_mode" "customer_selling_mode" default 'DEPOSIT_SELL',
  "supplier_taxe_profil" "supplier_tax_profile",
  "onboarding_completed" boolean not null default false,
  "onboarding_started_datetime" timestamptz,
  "onboarding_completed_datetime" timestamptz,
  "disabled_datetime" timestamptz,
  "stock_view" "stock_view" default 'CARD',
  "profil_picture" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "delivery_place" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "delivery_service" integer,
  "delivery_service_id" text,
  "delivery_place_name" text,
  "order" integer,
  "is_active" boolean not null default false,
  "vendor" uuid,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "deposit_image" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "deposit" uuid,
  "image" text,
  "image256" text,
  "uploaded_from" "uploaded_from",
  "kind" "image_kind",
  "original_name" text,
  "order" integer,
  "family" "product_family",
  "processing_status" "processing_status" default 'PENDING',
  "processing_error" text,
  "rotation" integer default 0,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "deposit" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "deposit_datetime" timestamptz,
  "vendor" uuid,
  "customer" uuid,
  "created_by" text,
  "default_product_number" integer,
  "product_number_range" text,
  "product_number" integer,
  "status" "deposit_status" default 'DRAFT',
  "family" "product_family",
  "gamme" "gamme",
  "name" text,
  "pictures_link" text,
  "company" uuid,
  "is_imported" boolean not null default false,
  "default_product_size" text,
  "default_quality" "product_quality",
  "deposit_recovery" "deposit_recovery",
  "customer_postal_code" text,
  "description" text,
  "force_provider_commission" boolean not null default false,
  "published" boolean not null default false,
  "deposit_end_datetime" timestamptz,
  "top_five_brand" boolean not null default false,
  "luxury_brand" boolean not null default false,
  "seasons" "season"[],
  "is_okay_to_send_by_post" boolean not null default false,
  "deposit_preparation_status" "preparation_status",
  "deposit_selling_mode_status" "selling_mode",
  "cash_offer_status" "cash_offer_status",
  "cash_offer_price" double precision,
  "categories" uuid[],
  "brands" uuid[],
  "customer_prefered_contact_way" "contact_way",
  "customer_accept_home_take_away" boolean not null default false,
  "customer_accept_send_postal" boolean not null default false,
  "customer_weight" double precision,
  "vendor_weight" double precision,
  "weight" double precision,
  "is_created_by_public_form" boolean not null default false,
  "exceed_limit" boolean not null default false,
  "customer_validation_response" "customer_validation_response",
  "customer_validation_comment" text,
  "affectation_datetime" timestamptz,
  "abandon_reason" "abandon_reason",
  "abandon_reason_comment" text,
  "cancel_reason" "cancel_reason",
  "deposit_completed_datetime" timestamptz,
  "time_before_contact" "time_before_contact",
  "denied_reason" text,
  "qualification_status" "qualification_status" default 'ACTION_REQUIRED',
  "age_range" "age_range",
  "admin_notes" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "deposit_product_category" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "deposit" uuid,
  "category" uuid,
  "product_count" integer,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "invoice" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "total_price" double precision,
  "date_start" timestamptz,
  "date_end" timestamptz,
  "due_date" timestamptz,
  "vendor" uuid,
  "customer" uuid,
  "vendor_party" jsonb,
  "customer_party" jsonb,
  "buyer" uuid,
  "category" "invoice_category",
  "full_invoice_number" text,
  "pdf_file" text,
  "invoice_status" "invoice_status",
  "invoice_payed_datetime" timestamptz,
  "payment_provider_id" text,
  "payment_provider_status" text,
  "payment_provider_pdf_url" text,
  "payment_provider_hosted_url" text,
  "payment_provider_number" text,
  "extra_data" jsonb,
  "total_price_ht" double precision,
  "tax" double precision,
  "tax_eligible" boolean not null default false,
  "tax_percent" double precision,
  "vendor_facturation_address" jsonb,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "marketplace_transaction" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "id" text,
  "user_msg_thread_id" text,
  "seller" jsonb,
  "buyer" jsonb,
  "item_id" text,
  "offer" jsonb,
  "status" text,
  "order" jsonb,
  "shipment" jsonb,
  "service_fee" double precision,
  "total_amount_without_tax" double precision,
  "items_count" integer,
  "item_title" text,
  "vendor" uuid,
  "related_data" jsonb,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "payment_process" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "owner_object_uuid" text,
  "owner_content_type" text,
  "payment_status" "payment_status",
  "payment_provider_name" text,
  "payment_provider_id" text,
  "payment_provider_type" text,
  "last_session_created_datetime" timestamptz,
  "wait_for_confirmation_expired" boolean not null default false,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "product_announcement" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "product" uuid,
  "announcement" uuid,
  "title" text,
  "description" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "product_buyer" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "buyer" uuid,
  "product" uuid,
  "buy_on" "sale_platform",
  "platform_transaction_id" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "product_image" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "product" uuid,
  "image" text,
  "image256" text,
  "image32" text,
  "image_without_background" text,
  "kind" "image_kind",
  "order" integer,
  "vision_api_data" jsonb,
  "background_remover_model_used" "background_remover_model",
  "family" "product_family",
  "processing_status" "processing_status" default 'PENDING',
  "processing_error" text,
  "rotation" integer default 0,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "product" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "deposit" uuid,
  "reference" text,
  "stock_entry_datetime" timestamptz,
  "name" text,
  "category" uuid,
  "manual_category" text,
  "brand" uuid,
  "manual_brand" text,
  "quality" "product_quality" default 'VERY_GOOD',
  "suggested_price" double precision,
  "selled_price" double precision,
  "sell_datetime" timestamptz,
  "payed_datetime" timestamptz,
  "sale_status" "sale_status" default 'OFFLINE',
  "product_links" text[],
  "comment" text,
  "online_datetime" timestamptz,
  "sale_status_modified" timestamptz,
  "colors" uuid[],
  "vendor_income" double precision,
  "customer_income" double precision,
  "provider_income" double precision,
  "tax_eligible" boolean not null default false,
  "sub_gender" "product_gender",
  "product_size" uuid,
  "sell_on" "sale_platform",
  "default_image_kind" "default_image_kind",
  "marketplace_title" text,
  "resale_marketplace_id" text,
  "product_invoice_uuid" text,
  "category_attribute_values" jsonb,
  "measurement_width" double precision,
  "measurement_length" double precision,
  "author" text,
  "book_title" text,
  "isbn" text,
  "video_game_rating" text,
  "publish_error" text,
  "in_invoices" text[],
  "announcement_uuid" text,
  "main_image_url" text,
  "imported_sale_status" "sale_status",
  "last_updated_by" "product_origin",
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "product_size" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "marketplace_id" integer,
  "title" text,
  "size_groups" text[],
  "order" integer,
  "group_descriptions" jsonb,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "rate_slide" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "price_start" double precision,
  "price_end" double precision,
  "commission" double precision,
  "provider_commission" double precision,
  "vendor" uuid,
  "deposit" uuid,
  "company" uuid,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "shipping_label" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "delivery_place" uuid,
  "delivery_service" integer,
  "sender_content_type" text,
  "sender_object_uuid" text,
  "recipient_content_type" text,
  "recipient_object_uuid" text,
  "shipped_content_type" text,
  "shipped_object_uuid" text,
  "weight" double precision,
  "is_return" boolean not null default false,
  "parcel_number" text,
  "reservation_number" text,
  "tracking_number" text,
  "delivery_status" "shipping_status",
  "delivery_status_datetime" timestamptz,
  "original_code" text,
  "original_label" text,
  "payment" text,
  "payment_url" text,
  "cancel_datetime" timestamptz,
  "free_reason" "free_reason",
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "subscription" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "status" "subscription_status",
  "plan_interval" text,
  "plan_amount" double precision,
  "type" "subscription_type",
  "vendor" uuid,
  "current_period_end" timestamptz,
  "discount_coupon_percent_off" double precision,
  "discount_coupon_valid" boolean not null default false,
  "payment_provider_id" text,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "support_ticket" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "title" text,
  "content" text,
  "copy_user" boolean not null default false,
  "priority" "support_ticket_priority",
  "vendor" uuid,
  "customer" uuid,
  "status" "support_ticket_status",
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "vendor_connector" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "vendor" uuid,
  "is_active" boolean not null default false,
  "publisher_name" text,
  "urn" text,
  "sync_type" "sync_type",
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

create table "vendor" (
  "uuid" uuid primary key not null default gen_random_uuid(),
  "identity_user_uuid" text,
  "first_name" text,
  "last_name" text,
  "email" text,
  "phone_number" text,
  "address" text,
  "city" text,
  "postal_code" text,
  "country" uuid,
  "company" uuid,
  "negociated_pourcentage_on_price" integer default 20,
  "favorite_delivery_place" text,
  "profil_picture" text,
  "favorite_announcement" text,
  "disabled_datetime" timestamptz,
  "identity_card" text,
  "marketplace_profile" text,
  "accepted_legal_term_at" timestamptz,
  "legal_terms_updated_at" timestamptz,
  "is_self_employed" boolean not null default false,
  "receive_new_deposit_status" "vendor_availability",
  "sponsor_code" text,
  "instagram_or_website" text,
  "prefered_contact_way" "contact_way",
  "preferred_size" text,
  "subscription" uuid,
  "product_number" integer,
  "deposit_family_favorite" "product_family",
  "sum_monthly_selled_price" double precision,
  "incomplete_status_reason" text,
  "gender" "person_gender",
  "latitude" double precision,
  "longitude" double precision,
  "how_did_you_know_provider" text,
  "vendor_kind" "vendor_experience",
  "selling_time_per_week" "selling_time_per_week",
  "selling_mode" "vendor_selling_mode",
  "subscription_product_limit" integer,
  "stock_quantity" "stock_quantity",
  "monthly_earning_expectation" "monthly_earning_expectation",
  "is_on_trial_period" boolean not null default false,
  "stock_view" "stock_view" default 'CARD',
  "onboarding_completed" boolean not null default false,
  "onboarding_started_datetime" timestamptz,
  "onboarding_completed_datetime" timestamptz,
  "inventory_support" "inventory_support",
  "onboarding_device" "onboarding_device",
  "marketplace_interest" "marketplace_interest",
  "is_company_admin" boolean not null default false,
  "extension_free_trial_start_datetime" timestamptz,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "row_version" integer not null default 1
);

alter table "announcement" add constraint "announcement_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "announcement_vendor_idx" on "announcement" ("vendor");
alter table "announcement" add constraint "announcement_company_fkey" foreign key ("company") references "company" (uuid) on delete restrict;
create index "announcement_company_idx" on "announcement" ("company");
alter table "delivery_place" add constraint "delivery_place_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "delivery_place_vendor_idx" on "delivery_place" ("vendor");
alter table "deposit_image" add constraint "deposit_image_deposit_fkey" foreign key ("deposit") references "deposit" (uuid) on delete cascade;
create index "deposit_image_deposit_idx" on "deposit_image" ("deposit");
alter table "deposit" add constraint "deposit_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "deposit_vendor_idx" on "deposit" ("vendor");
alter table "deposit" add constraint "deposit_customer_fkey" foreign key ("customer") references "customer" (uuid) on delete restrict;
create index "deposit_customer_idx" on "deposit" ("customer");
alter table "deposit" add constraint "deposit_company_fkey" foreign key ("company") references "company" (uuid) on delete restrict;
create index "deposit_company_idx" on "deposit" ("company");
alter table "deposit_product_category" add constraint "deposit_product_category_deposit_fkey" foreign key ("deposit") references "deposit" (uuid) on delete cascade;
create index "deposit_product_category_deposit_idx" on "deposit_product_category" ("deposit");
alter table "deposit_product_category" add constraint "deposit_product_category_category_fkey" foreign key ("category") references "category" (uuid) on delete restrict;
create index "deposit_product_category_category_idx" on "deposit_product_category" ("category");
alter table "invoice" add constraint "invoice_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "invoice_vendor_idx" on "invoice" ("vendor");
alter table "invoice" add constraint "invoice_customer_fkey" foreign key ("customer") references "customer" (uuid) on delete restrict;
create index "invoice_customer_idx" on "invoice" ("customer");
alter table "invoice" add constraint "invoice_buyer_fkey" foreign key ("buyer") references "buyer" (uuid) on delete restrict;
create index "invoice_buyer_idx" on "invoice" ("buyer");
alter table "marketplace_transaction" add constraint "marketplace_transaction_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "marketplace_transaction_vendor_idx" on "marketplace_transaction" ("vendor");
alter table "product_announcement" add constraint "product_announcement_product_fkey" foreign key ("product") references "product" (uuid) on delete cascade;
create index "product_announcement_product_idx" on "product_announcement" ("product");
alter table "product_announcement" add constraint "product_announcement_announcement_fkey" foreign key ("announcement") references "announcement" (uuid) on delete restrict;
create index "product_announcement_announcement_idx" on "product_announcement" ("announcement");
alter table "product_buyer" add constraint "product_buyer_buyer_fkey" foreign key ("buyer") references "buyer" (uuid) on delete restrict;
create index "product_buyer_buyer_idx" on "product_buyer" ("buyer");
alter table "product_buyer" add constraint "product_buyer_product_fkey" foreign key ("product") references "product" (uuid) on delete cascade;
create index "product_buyer_product_idx" on "product_buyer" ("product");
alter table "product_image" add constraint "product_image_product_fkey" foreign key ("product") references "product" (uuid) on delete cascade;
create index "product_image_product_idx" on "product_image" ("product");
alter table "product" add constraint "product_deposit_fkey" foreign key ("deposit") references "deposit" (uuid) on delete restrict;
create index "product_deposit_idx" on "product" ("deposit");
alter table "product" add constraint "product_category_fkey" foreign key ("category") references "category" (uuid) on delete restrict;
create index "product_category_idx" on "product" ("category");
alter table "product" add constraint "product_brand_fkey" foreign key ("brand") references "brand" (uuid) on delete restrict;
create index "product_brand_idx" on "product" ("brand");
alter table "product" add constraint "product_product_size_fkey" foreign key ("product_size") references "product_size" (uuid) on delete restrict;
create index "product_product_size_idx" on "product" ("product_size");
alter table "rate_slide" add constraint "rate_slide_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "rate_slide_vendor_idx" on "rate_slide" ("vendor");
alter table "rate_slide" add constraint "rate_slide_deposit_fkey" foreign key ("deposit") references "deposit" (uuid) on delete cascade;
create index "rate_slide_deposit_idx" on "rate_slide" ("deposit");
alter table "rate_slide" add constraint "rate_slide_company_fkey" foreign key ("company") references "company" (uuid) on delete restrict;
create index "rate_slide_company_idx" on "rate_slide" ("company");
alter table "shipping_label" add constraint "shipping_label_delivery_place_fkey" foreign key ("delivery_place") references "delivery_place" (uuid) on delete restrict;
create index "shipping_label_delivery_place_idx" on "shipping_label" ("delivery_place");
alter table "subscription" add constraint "subscription_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "subscription_vendor_idx" on "subscription" ("vendor");
alter table "support_ticket" add constraint "support_ticket_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "support_ticket_vendor_idx" on "support_ticket" ("vendor");
alter table "support_ticket" add constraint "support_ticket_customer_fkey" foreign key ("customer") references "customer" (uuid) on delete restrict;
create index "support_ticket_customer_idx" on "support_ticket" ("customer");
alter table "vendor_connector" add constraint "vendor_connector_vendor_fkey" foreign key ("vendor") references "vendor" (uuid) on delete restrict;
create index "vendor_connector_vendor_idx" on "vendor_connector" ("vendor");
alter table "vendor" add constraint "vendor_country_fkey" foreign key ("country") references "country" (uuid) on delete restrict;
create index "vendor_country_idx" on "vendor" ("country");
alter table "vendor" add constraint "vendor_company_fkey" foreign key ("company") references "company" (uuid) on delete restrict;
create index "vendor_company_idx" on "vendor" ("company");
alter table "vendor" add constraint "vendor_subscription_fkey" foreign key ("subscription") references "subscription" (uuid) on delete restrict;
create index "vendor_subscription_idx" on "vendor" ("subscription");

create unique index "unique_1_vendor" on "vendor" (identity_user_uuid);
create unique index "unique_2_customer" on "customer" (identity_user_uuid);
create unique index "unique_3_vendor" on "vendor" (lower(email));
create unique index "unique_4_deposit" on "deposit" (vendor, name);
create index "index_1_deposit" on "deposit" (status);
create index "index_2_deposit" on "deposit" (created_at);
create index "index_3_product" on "product" (sale_status);
create index "index_4_product" on "product" (created_at);
