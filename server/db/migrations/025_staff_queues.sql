-- Issue 28, the staff queues: who decided a payout in review, a missing cash-back inquiry or a protection
-- claim the watcher could not settle, and when (rebate claims have decided_by since 022). A manual credit of
-- an inquiry keeps its reason and the ledger row it booked ('inquiry:<id>'); a declined one keeps the reason.
ALTER TABLE withdrawals ADD COLUMN decided_by integer REFERENCES staff(id) ON DELETE SET NULL;
ALTER TABLE withdrawals ADD COLUMN decided_at timestamptz;
ALTER TABLE cashback_inquiries ADD COLUMN decided_by integer REFERENCES staff(id) ON DELETE SET NULL;
ALTER TABLE cashback_inquiries ADD COLUMN decided_at timestamptz;
ALTER TABLE cashback_inquiries ADD COLUMN decision_reason text;
ALTER TABLE cashback_inquiries ADD COLUMN credit_ledger_id integer REFERENCES ledger(id) ON DELETE SET NULL;
ALTER TABLE protection_claims ADD COLUMN decided_by integer REFERENCES staff(id) ON DELETE SET NULL;
ALTER TABLE protection_claims ADD COLUMN decided_at timestamptz;
-- the queue of filed claims (the watcher reads them too)
CREATE INDEX protection_claims_filed_idx ON protection_claims (created_at) WHERE status = 'filed';
