-- Issue 14: coins are credited only by the platform that paid for them (signed server-to-server
-- postbacks). An attempt is one member starting one survey or offer; its id is the subid the platform
-- echoes back. Phone verification and survey targeting gate some surveys.
ALTER TABLE users ADD COLUMN phone_verified_at timestamptz;

ALTER TABLE surveys ADD COLUMN needs_phone boolean NOT NULL DEFAULT false;
-- targeting question key -> the option keys that qualify ({} = no targeting questions)
ALTER TABLE surveys ADD COLUMN targeting jsonb NOT NULL DEFAULT '{}';
ALTER TABLE surveys ADD COLUMN active boolean NOT NULL DEFAULT true;
-- the platform (config/coins.json) that reports an APP or GAME offer's completions
ALTER TABLE offers ADD COLUMN network text;

CREATE TABLE coin_attempts (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  platform text NOT NULL,
  survey_id integer REFERENCES surveys(id) ON DELETE CASCADE,
  offer_id integer REFERENCES offers(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'started' CHECK (status IN ('started', 'completed', 'screened_out', 'reversed')),
  coins integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((survey_id IS NULL) <> (offer_id IS NULL))
);
CREATE INDEX coin_attempts_user_idx ON coin_attempts (user_id, created_at DESC);
CREATE INDEX coin_attempts_survey_idx ON coin_attempts (survey_id, status);
CREATE INDEX coin_attempts_offer_idx ON coin_attempts (user_id, offer_id, status);

-- Every postback a platform sent and we accepted, once per (platform, transaction, kind).
CREATE TABLE coin_postbacks (
  platform text NOT NULL,
  transaction_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('complete', 'reversal', 'screenout')),
  attempt_id text REFERENCES coin_attempts(id) ON DELETE SET NULL,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  coins integer NOT NULL DEFAULT 0,
  params jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform, transaction_id, kind)
);

-- One-time codes sent by SMS to verify a phone (stored hashed; tries counted).
CREATE TABLE phone_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX phone_codes_user_idx ON phone_codes (user_id, created_at DESC);
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, created_at DESC);

-- Targeting questions (texts live in the coins locale under targeting.q.<key> and targeting.a.<key>.<option>)
-- and a member's answers, kept so that the next survey asking the same question is prefilled.
CREATE TABLE targeting_questions (
  key text PRIMARY KEY,
  options jsonb NOT NULL,
  position integer NOT NULL
);
INSERT INTO targeting_questions (key, options, position) VALUES
  ('age', '["18_24", "25_34", "35_49", "50_64", "65_plus"]', 1),
  ('household', '["1", "2", "3_4", "5_plus"]', 2),
  ('employment', '["full_time", "part_time", "student", "retired", "not_working"]', 3),
  ('car', '["yes", "no"]', 4),
  ('pets', '["dog", "cat", "other", "none"]', 5);

CREATE TABLE targeting_answers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL REFERENCES targeting_questions(key) ON DELETE CASCADE,
  answer text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
