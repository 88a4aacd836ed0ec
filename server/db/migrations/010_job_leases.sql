-- Issue 25, items 5 and 3: scheduled work runs on the database, once per period across any number of
-- servers. A job's lease is its row here, moved forward by the one server that takes that run.
CREATE TABLE job_leases (name text PRIMARY KEY, next_run_at timestamptz NOT NULL DEFAULT now(), run_id text);
-- The payout release reads the held payouts whose hold has ended, across members.
CREATE INDEX withdrawals_held_release_idx ON withdrawals (release_at) WHERE status = 'held';
