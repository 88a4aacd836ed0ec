-- Issue 26: a store's confirmation period in days (plan26.md): its own (stores.confirmation_days), else
-- the catalog's typical confirmation time (the median the store page shows, over store_confirmations),
-- else the default the caller passes (constants.cashback.defaultConfirmationDays). A function so that
-- its plan is kept per connection: the conversions core (server/lib/cashback/conversions.ts) calls it
-- on every postback.
CREATE FUNCTION cashback_period(store integer, fallback integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE days integer;
BEGIN
  IF store IS NULL THEN RETURN fallback; END IF;
  SELECT confirmation_days INTO days FROM stores WHERE id = store;
  IF days IS NOT NULL THEN RETURN days; END IF;
  SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM confirmed_at - purchased_at) / 86400))::int
    INTO days FROM store_confirmations WHERE store_id = store;
  RETURN COALESCE(days, fallback);
END $$;
