-- Missing-translation reports (POST /api/translation; SPEC 7: the product ignores them, translators read
-- them). One row per reported text, written once: the key is the text's md5 (a long text cannot break
-- the index) and a repeated report inserts nothing (ON CONFLICT DO NOTHING), so reports no longer
-- rewrite a row each time. PostgreSQL 15 and PGlite.
ALTER TABLE translations DROP CONSTRAINT translations_pkey;
ALTER TABLE translations ADD COLUMN key text;
UPDATE translations SET key = md5(text);
ALTER TABLE translations ALTER COLUMN key SET NOT NULL;
CREATE UNIQUE INDEX translations_key ON translations (key);
ALTER TABLE translations DROP COLUMN reports;
ALTER TABLE translations DROP COLUMN last_seen;
