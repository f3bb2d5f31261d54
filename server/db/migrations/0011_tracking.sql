CREATE TABLE "consent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"locale" text NOT NULL,
	"decision" text NOT NULL,
	"banner_version" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controlling_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"locale" text NOT NULL,
	"application_id" text NOT NULL,
	"event_name" text NOT NULL,
	"url" text NOT NULL,
	"fields" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_log_client_idx" ON "consent_log" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "controlling_events_at_idx" ON "controlling_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "controlling_events_locale_event_at_idx" ON "controlling_events" USING btree ("locale","event_name","at");--> statement-breakpoint
CREATE INDEX "controlling_events_client_idx" ON "controlling_events" USING btree ("client_id");