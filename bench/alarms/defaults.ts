// Imported first by run.ts, before bench/ingest/plan.ts reads the environment: the walkers confirm
// their exit two rounds before the end (BENCH_TAIL_ROUNDS), so the ingest load goes on while the
// alarms fan out and the throughput figure includes their cost. The load generator (a forked
// process) inherits the same environment.
process.env.BENCH_TAIL_ROUNDS ??= '2';
