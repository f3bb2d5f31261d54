CREATE TABLE "search_counts" (
	"day" text NOT NULL,
	"locale" text NOT NULL,
	"query" text NOT NULL,
	"searches" integer NOT NULL,
	"zero_results" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_counts_day_locale_query_idx" ON "search_counts" USING btree ("day","locale","query");