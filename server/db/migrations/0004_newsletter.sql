CREATE TABLE "newsletter_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"event" text NOT NULL,
	"via" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"first_name" text,
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirm_nonce" text,
	"requested_at" timestamp with time zone NOT NULL,
	"consented_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_events" ADD CONSTRAINT "newsletter_events_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_events_subscriber_idx" ON "newsletter_events" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_locale_email_idx" ON "newsletter_subscribers" USING btree ("locale","email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_locale_hash_idx" ON "newsletter_subscribers" USING btree ("locale","email_hash");