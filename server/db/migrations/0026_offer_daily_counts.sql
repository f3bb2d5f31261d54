CREATE TABLE "offer_daily_counts" (
	"locale" text NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"offers" integer NOT NULL,
	CONSTRAINT "offer_daily_counts_locale_day_device_id_pk" PRIMARY KEY("locale","day","device_id")
);
--> statement-breakpoint
INSERT INTO "offer_daily_counts" ("locale", "day", "device_id", "offers")
SELECT "locale", ("created_at" AT TIME ZONE 'UTC')::date, "device_id", count(*)::integer FROM "offers" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Every statement that stores offers adds them to their days' counts, in the same statement (so in
-- its transaction): one upsert per statement, whichever code inserts (the offer writer's batches, an
-- inspection's new offer). Not in the drizzle schema, which has no triggers.
CREATE FUNCTION "count_offers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "offer_daily_counts" ("locale", "day", "device_id", "offers")
  SELECT "locale", ("created_at" AT TIME ZONE 'UTC')::date, "device_id", count(*)::integer FROM "inserted" GROUP BY 1, 2, 3
  ON CONFLICT ("locale", "day", "device_id") DO UPDATE SET "offers" = "offer_daily_counts"."offers" + excluded."offers";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_daily_counts" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "count_offers"();
