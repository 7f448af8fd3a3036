// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: { setupRequest?: (request: Request) => Request }[];
  };
  type Histogram = { p50: number; p90: number; p99: number; average: number; max: number };
  type Result = {
    duration: number;
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  /** The run's events: 'response' once per answer received. */
  type Tracker = { on(event: 'response', listener: () => void): Tracker };
  export default function autocannon(options: Options): Promise<Result>;
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Tracker;
}
