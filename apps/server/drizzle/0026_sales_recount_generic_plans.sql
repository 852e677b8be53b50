-- The sales rollups' recount (0011, 0019) runs once per paid order inside its transaction. PostgreSQL planned its
-- statements afresh on every call (custom plans: ~2 ms of planning a call for the INSERT INTO sale_counts over
-- sale_rows' six branches, pg_stat_statements under bench:checkout), while the generic plan is as good: every
-- branch is an index lookup by p_source behind a one-time filter on p_kind. Planned once per connection now.
ALTER FUNCTION sales_recount(text, uuid) SET plan_cache_mode = force_generic_plan;
