-- Issue 26: the development network's orders (server/dev-network.ts). The stand-in store's checkout
-- records an order here and the stand-in network reports it to this server by its signed postback;
-- its orders page approves or reverses one (another postback). Its money is test money.
CREATE TABLE dev_network_orders (
  id text PRIMARY KEY,
  program text NOT NULL,
  click_id text NOT NULL DEFAULT '',
  sale_cents integer NOT NULL,
  commission_cents integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'reversed')),
  ordered_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_network_orders_created_idx ON dev_network_orders (created_at DESC);
