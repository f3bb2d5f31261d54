CREATE TABLE "answers" (
	"id" integer PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"code" text NOT NULL,
	"sort" integer NOT NULL,
	"text" jsonb NOT NULL,
	"multiplier" numeric(6, 4) NOT NULL,
	"grade" smallint NOT NULL,
	"blocks" boolean NOT NULL,
	"recycling" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"devices" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort" integer NOT NULL,
	"image_family" text NOT NULL,
	"question_set" text NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"slug" text NOT NULL,
	"category_id" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"release_year" smallint NOT NULL,
	"release_month" smallint NOT NULL,
	"search_terms" jsonb NOT NULL,
	"base_price" jsonb NOT NULL,
	"popularity" integer NOT NULL,
	"images" jsonb NOT NULL,
	"image_family" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "devices_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"brand" text NOT NULL,
	"category_id" integer NOT NULL,
	"top" boolean NOT NULL,
	"image_family" text NOT NULL,
	"texts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"locale" text NOT NULL,
	"answers" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"condition_id" smallint NOT NULL,
	"kind" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY NOT NULL,
	"question_set" text NOT NULL,
	"code" text NOT NULL,
	"sort" integer NOT NULL,
	"question" jsonb NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"top" boolean NOT NULL,
	"image_family" text NOT NULL,
	"texts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD CONSTRAINT "manufacturers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_series_idx" ON "devices" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "devices_category_idx" ON "devices" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "offers_device_idx" ON "offers" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "questions_set_idx" ON "questions" USING btree ("question_set");