-- Issue 26: cash back that earns. A member's click on "Shop now" is a row here; the affiliate network
-- reports a conversion that names the click; each change of the conversion books ledger rows.

-- Stores come from a network's program feed (config/networks.json `feed`): the network and program a
-- store belongs to, its tracking link (absolute, or a path on this server for the development network),
-- its Plus rate (same unit as rate_value; null: the same rate for everyone) and its confirmation period
-- (days from the order to payable; null: the catalog's typical confirmation time, else the constant).
ALTER TABLE stores ADD COLUMN network text;
ALTER TABLE stores ADD COLUMN program_id text;
ALTER TABLE stores ADD COLUMN domain text;
ALTER TABLE stores ADD COLUMN tracking_url text;
ALTER TABLE stores ADD COLUMN plus_rate_value integer;
ALTER TABLE stores ADD COLUMN confirmation_days integer;
CREATE UNIQUE INDEX stores_network_program_key ON stores (network, program_id) WHERE network IS NOT NULL;

-- One click: the id goes to the network in its sub-id parameter (never the member's id). The rate the
-- member was shown is stored: it is the rate the member gets.
CREATE TABLE clicks (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  coupon_id integer,
  offer_id integer,
  sid text NOT NULL DEFAULT '',
  cid text NOT NULL DEFAULT '',
  partner text NOT NULL DEFAULT '',
  device text NOT NULL DEFAULT '',
  rate_type text NOT NULL CHECK (rate_type IN ('percent', 'flat')),
  rate_value integer NOT NULL,
  plus boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clicks_user_store_idx ON clicks (user_id, store_id, created_at DESC);

-- One conversion per network and order. user_id and store_id are null while it is parked (its click id
-- is unknown); an inquiry or a later match fills them. cashback_cents is what the member earns (the
-- click's rate on the sale). Each state change books ledger rows with source references
-- 'conversion:<id>' (the credit) and 'conversion:<id>:reversal' (the debit).
CREATE TABLE conversions (
  id serial PRIMARY KEY,
  network text NOT NULL,
  order_id text NOT NULL,
  click_id text,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  store_id integer REFERENCES stores(id) ON DELETE SET NULL,
  program_id text,
  sale_cents integer NOT NULL,
  commission_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  cashback_cents integer NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'payable', 'reversed')),
  parked boolean NOT NULL DEFAULT false,
  test boolean NOT NULL DEFAULT false,
  ordered_at timestamptz NOT NULL,
  tracked_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  payable_at timestamptz,
  reversed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, order_id)
);
CREATE INDEX conversions_parked_idx ON conversions (network, order_id) WHERE parked;
CREATE INDEX conversions_due_idx ON conversions (payable_at) WHERE status = 'confirmed';
CREATE INDEX conversions_user_idx ON conversions (user_id);

-- Missing cash back: a member's claim of a purchase that did not track. Matched against parked
-- conversions and the click log at once and again whenever a report arrives; else under review.
CREATE TABLE cashback_inquiries (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  click_id text REFERENCES clicks(id) ON DELETE SET NULL,
  order_id text NOT NULL,
  ordered_on date NOT NULL,
  amount_cents integer NOT NULL,
  status text NOT NULL DEFAULT 'under_review' CHECK (status IN ('under_review', 'matched', 'declined')),
  conversion_id integer REFERENCES conversions(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  matched_at timestamptz,
  UNIQUE (user_id, store_id, order_id)
);
CREATE INDEX cashback_inquiries_open_idx ON cashback_inquiries (store_id, order_id) WHERE status = 'under_review';

-- The job runner (server/lib/job-queue.ts): one row per due piece of work, claimed with
-- FOR UPDATE SKIP LOCKED, so each runs once across any number of servers; a row whose time passed while
-- every server was down runs at the next start. A recurring job's next run is a new row with its own
-- unique key (name and time slot), so two servers scheduling it make one.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  key text NOT NULL UNIQUE,
  payload jsonb NOT NULL DEFAULT '{}',
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  done_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL;

-- The bonus a lander promised at sign-up (config/landers.json firstOrderCashback, the wheel's
-- cashbackOverride), paid with the first confirmed cash back: {"lander": "...", "kind": "...", "cents": n}.
ALTER TABLE users ADD COLUMN lander_promise jsonb;

-- The conversion a cash back ledger row books (its credit and its reversal debit), for the purchase history.
ALTER TABLE ledger ADD COLUMN conversion_id integer REFERENCES conversions(id) ON DELETE SET NULL;
CREATE INDEX ledger_conversion_idx ON ledger (conversion_id) WHERE conversion_id IS NOT NULL;
