-- Written for PostgreSQL 15 (Debian) and PGlite alike. Money is integer cents, rates in basis points.
CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  phone text,
  password_hash text,
  is_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  partner text NOT NULL DEFAULT 'organic',
  sid text NOT NULL DEFAULT '',
  cid text NOT NULL DEFAULT 'homepage',
  webpartner_id integer,
  country_code text NOT NULL DEFAULT 'US',
  coin_onboarding integer NOT NULL DEFAULT 0,
  subscribed boolean NOT NULL DEFAULT false,
  plus_active boolean NOT NULL DEFAULT false,
  shipping_active boolean NOT NULL DEFAULT false,
  tokens_valid_after timestamptz NOT NULL DEFAULT to_timestamp(0),
  terms jsonb NOT NULL DEFAULT '{"stats":true,"cookies":true,"firefox":false,"pii":false}',
  settings jsonb NOT NULL DEFAULT '{"email_offers":true,"email_rebates":true,"sms":false,"language":"en"}',
  source text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  cash_balance_cents integer NOT NULL DEFAULT 0,
  coin_balance integer NOT NULL DEFAULT 0,
  referral_code text NOT NULL,
  referred_by integer REFERENCES users(id),
  rebate_address jsonb
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_referral_code_key ON users (referral_code);

CREATE TABLE revoked_tokens (jti text PRIMARY KEY, expires_at timestamptz NOT NULL);

CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('verify', 'reset')),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  links jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_limits (key text PRIMARY KEY, window_start timestamptz NOT NULL, count integer NOT NULL);

CREATE TABLE translations (
  text text PRIMARY KEY,
  reports integer NOT NULL DEFAULT 1,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('store', 'product')),
  slug text NOT NULL,
  parent_slug text,
  name_en text NOT NULL,
  name_es text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (kind, slug)
);

CREATE TABLE stores (
  id serial PRIMARY KEY,
  internal_name text NOT NULL UNIQUE,
  name text NOT NULL,
  category_slug text NOT NULL,
  benefit_category text,
  countries text[] NOT NULL DEFAULT '{US}',
  logo text NOT NULL,
  color text NOT NULL,
  description_en text NOT NULL DEFAULT '',
  description_es text NOT NULL DEFAULT '',
  terms_en text NOT NULL DEFAULT '',
  terms_es text NOT NULL DEFAULT '',
  rate_type text NOT NULL CHECK (rate_type IN ('percent', 'flat')),
  rate_value integer NOT NULL,
  previous_rate_value integer,
  best_rate_value integer NOT NULL,
  plus_only boolean NOT NULL DEFAULT false,
  popularity integer NOT NULL DEFAULT 0,
  redirect_url text NOT NULL,
  flags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_category_idx ON stores (category_slug);

CREATE TABLE store_rate_changes (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL,
  rate_value integer NOT NULL
);
CREATE INDEX store_rate_changes_store_idx ON store_rate_changes (store_id, changed_at);

CREATE TABLE store_confirmations (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  purchased_at timestamptz NOT NULL,
  confirmed_at timestamptz NOT NULL
);
CREATE INDEX store_confirmations_store_idx ON store_confirmations (store_id);

CREATE TABLE coupons (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  code text,
  title_en text NOT NULL,
  title_es text NOT NULL,
  category_slug text NOT NULL,
  expires_at timestamptz,
  exclusive boolean NOT NULL DEFAULT false,
  popularity integer NOT NULL DEFAULT 0
);
CREATE INDEX coupons_store_idx ON coupons (store_id);

CREATE TABLE products (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  category_slug text NOT NULL,
  subcategory_slug text NOT NULL,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  price_cents integer NOT NULL,
  was_price_cents integer,
  image text NOT NULL,
  popularity integer NOT NULL DEFAULT 0,
  plus_only boolean NOT NULL DEFAULT false
);

CREATE TABLE offers (
  id serial PRIMARY KEY,
  offer_type text NOT NULL,
  store_id integer REFERENCES stores(id) ON DELETE SET NULL,
  display_name text NOT NULL,
  display_description text NOT NULL,
  offer_description text NOT NULL DEFAULT '',
  offer_code text,
  image text NOT NULL,
  coins_advertised integer NOT NULL DEFAULT 0,
  click_url text NOT NULL,
  for_ios integer NOT NULL DEFAULT 0,
  app_container text,
  campaign text,
  active boolean NOT NULL DEFAULT true,
  popularity integer NOT NULL DEFAULT 0
);
CREATE INDEX offers_type_idx ON offers (offer_type);

CREATE TABLE surveys (
  id serial PRIMARY KEY,
  platform text NOT NULL,
  title text NOT NULL,
  coins_advertised integer NOT NULL,
  minutes integer NOT NULL,
  screen_out_percent integer NOT NULL,
  is_onboarding boolean NOT NULL DEFAULT false,
  click_url text NOT NULL
);

CREATE TABLE survey_completions (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  survey_id integer NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, survey_id)
);

CREATE TABLE news (
  slug text NOT NULL,
  lang text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (slug, lang)
);

CREATE TABLE pixels (
  id serial PRIMARY KEY,
  pixel_type text NOT NULL CHECK (pixel_type IN ('registration', 'conversion', 'globaldelayed')),
  partner text NOT NULL DEFAULT '*',
  script text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE visits (
  id serial PRIMARY KEY,
  sid text NOT NULL,
  cid text NOT NULL,
  partner text NOT NULL,
  website text,
  url text,
  country_code text,
  user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  id serial PRIMARY KEY,
  action text NOT NULL,
  user_id integer,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gtag_clients (
  user_id integer NOT NULL,
  client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);

CREATE TABLE offer_visits (
  id serial PRIMARY KEY,
  user_id integer,
  offer_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rebates (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id integer REFERENCES stores(id) ON DELETE SET NULL,
  benefit_type text NOT NULL,
  order_amount_cents integer NOT NULL DEFAULT 0,
  amount_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'payable', 'paid', 'declined')),
  reason text NOT NULL DEFAULT '',
  expected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rebates_user_idx ON rebates (user_id, created_at DESC);

CREATE TABLE coin_transactions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coin_transactions_user_idx ON coin_transactions (user_id, created_at DESC);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdrawals (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cash', 'coin')),
  amount integer NOT NULL,
  method text NOT NULL,
  destination text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  brand text NOT NULL,
  amount_cents integer NOT NULL,
  code text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'active',
  expires_at timestamptz NOT NULL,
  redeemed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  zip text NOT NULL,
  processor_ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('plus', 'shipping')),
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'cancelled')),
  price_cents integer NOT NULL,
  trial_ends_at timestamptz,
  next_billing_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'declined')),
  description text NOT NULL,
  card_last4 text NOT NULL,
  processor_ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE protection_claims (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('shipping', 'price', 'hotel', 'carrental', 'package')),
  merchant text NOT NULL,
  amount_cents integer NOT NULL DEFAULT 0,
  reference text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'submitted',
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE linked_accounts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  account_email text NOT NULL,
  status text NOT NULL DEFAULT 'connected',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, provider)
);

CREATE TABLE promo_credits (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  flow text NOT NULL,
  amount_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, flow)
);
