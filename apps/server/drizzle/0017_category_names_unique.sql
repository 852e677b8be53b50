-- Category names are unique whatever their case (issue 26): a second 'Sarees' was accepted and both showed in
-- the dropdowns. A shop that already has such twins keeps the oldest name as it is and gives each later twin its
-- position in the series ('Sarees (2)'), which the owner can rename; nothing else about them changes.
UPDATE "categories" AS c
SET "name" = c."name" || ' (' || twins.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n
  FROM "categories"
) AS twins
WHERE twins."id" = c."id" AND twins.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree (lower("name"));
