-- Issue 25, items 1 and 2: money a member's own actions can bring in is paid once.
-- The promo flow a member registered through (register_promo: flow1 or flow5; null when none). Only such a
-- member gets the sign-up promo credit, once (ledger source promo:<user id>), within
-- constants.promoCreditWindowMinutes of users.created_at.
ALTER TABLE users ADD COLUMN register_promo text CHECK (register_promo IN ('flow1', 'flow5'));

-- One payment per member per survey or offer (and per named event of a platform that pays per event,
-- config/coins.json `events`; '' is the single completion). The primary key is the rule: a second
-- completion of the same survey or offer by the same member, under any attempt or transaction, books nothing.
CREATE TABLE coin_payments (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_kind text NOT NULL CHECK (item_kind IN ('survey', 'offer')),
  item_id integer NOT NULL,
  event text NOT NULL DEFAULT '',
  platform text NOT NULL,
  attempt_id text REFERENCES coin_attempts(id) ON DELETE SET NULL,
  -- the ledger row that paid it (postback:<platform>:<transaction>); null for payments older than this table
  ledger_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_kind, item_id, event)
);

-- What was paid before: the first completed (or later reversed) attempt per member and survey or offer.
INSERT INTO coin_payments (user_id, item_kind, item_id, platform, attempt_id, created_at) SELECT DISTINCT ON (a.user_id, COALESCE(a.survey_id, a.offer_id), a.survey_id IS NULL) a.user_id, CASE WHEN a.survey_id IS NULL THEN 'offer' ELSE 'survey' END, COALESCE(a.survey_id, a.offer_id), a.platform, a.id, a.updated_at FROM coin_attempts a WHERE a.status IN ('completed', 'reversed') ORDER BY a.user_id, COALESCE(a.survey_id, a.offer_id), a.survey_id IS NULL, a.updated_at, a.id ON CONFLICT DO NOTHING;
