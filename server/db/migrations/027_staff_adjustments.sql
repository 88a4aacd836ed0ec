-- Issue 28 (the staff console, member lookup): manual cash adjustments staff book through the ledger.
-- One whose absolute amount is above constants.staff.adjustmentApprovalAboveCents waits ('pending') for a
-- second staff member (finance or admin, not the requester) to approve ('booked') or reject ('rejected',
-- with decision_reason). Booked: its ledger row (kind 'adjustment', source_ref 'adjustment:<id>') is
-- ledger_id. A decision is made once: the UPDATE that makes it requires status 'pending'.
CREATE TABLE staff_adjustments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents <> 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'booked', 'rejected')),
  requested_by integer NOT NULL REFERENCES staff (id),
  decided_by integer REFERENCES staff (id),
  decision_reason text,
  ledger_id integer REFERENCES ledger (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX staff_adjustments_pending_idx ON staff_adjustments (created_at, id) WHERE status = 'pending';
CREATE INDEX staff_adjustments_user_idx ON staff_adjustments (user_id, id DESC);
