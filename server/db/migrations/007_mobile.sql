-- Issue 16: one-time codes that a deep link into the app carries instead of the login token. Only a
-- SHA-256 hash of the code is stored; /api/mobile/exchange marks it used once.
CREATE TABLE mobile_codes (
  hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX mobile_codes_user_idx ON mobile_codes (user_id);
