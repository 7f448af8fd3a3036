// The benchmarks' settings from the environment: one reading of a number knob and of the PostgreSQL server they need.

/** A whole-number setting: `fallback` when unset or not a number, never above `max`. */
export const knob = (name: string, fallback: number, max: number) =>
  Math.min(Number(process.env[name] ?? fallback) || fallback, max);

/** BENCH_DATABASE_URL (or DATABASE_URL); without one the benchmark stops with exit code 2, saying what to set. */
export function benchDatabaseUrl(): string {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (url) return url;
  console.error(
    'Set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}
