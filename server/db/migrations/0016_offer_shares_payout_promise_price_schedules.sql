CREATE TABLE "offer_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"email" text,
	"customer_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"locale" text NOT NULL,
	"base_price_cents" integer NOT NULL,
	"effective_on" date NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_warnings" (
	"schedule_id" integer NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_payouts" ADD COLUMN "bonus_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_payouts" ADD COLUMN "due_by" date;--> statement-breakpoint
ALTER TABLE "offer_shares" ADD CONSTRAINT "offer_shares_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_shares" ADD CONSTRAINT "offer_shares_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_schedules" ADD CONSTRAINT "price_schedules_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_warnings" ADD CONSTRAINT "price_warnings_schedule_id_price_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_shares_offer_idx" ON "offer_shares" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_shares_customer_idx" ON "offer_shares" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "price_schedules_pending_idx" ON "price_schedules" USING btree ("applied_at","effective_on");--> statement-breakpoint
CREATE UNIQUE INDEX "price_warnings_pk" ON "price_warnings" USING btree ("schedule_id","email");