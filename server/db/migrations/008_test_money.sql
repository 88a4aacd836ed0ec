-- Issue 25, item 3: money booked by a stand-in (the development survey platform, the development link
-- provider, the test-mode ledger routes) is test money. It is marked on its ledger row, labelled "test"
-- on every screen that shows it, and never paid out by a real payout provider.
ALTER TABLE ledger ADD COLUMN test boolean NOT NULL DEFAULT false;
