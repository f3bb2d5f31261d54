CREATE TABLE "popular_pins" (
	"locale" text NOT NULL,
	"device_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "popular_pins_locale_device_idx" ON "popular_pins" USING btree ("locale","device_id");