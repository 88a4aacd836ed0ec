-- Issue 26: scheduled work runs on the job runner (server/lib/job-queue.ts, the `jobs` table of 013).
-- The payout release's lease (010) and the protection watcher's lease row (006) are no longer read.
DROP TABLE IF EXISTS job_leases;
DROP TABLE IF EXISTS protection_watch;
