-- Issue 26, stores from program feeds (server/lib/store-feed.ts): when a network's feed last listed the
-- store. A store a later feed no longer lists is kept (its clicks, conversions and history point at it;
-- the import names it), and this says since when it has not been listed, for staff to decide.
ALTER TABLE stores ADD COLUMN feed_seen_at timestamptz;
