import type autocannon from 'autocannon';

/**
 * What a bench reports of an autocannon run: only 2xx answers count in `rps` and `requests`; the
 * rest are `errors`, with their status `codes`.
 */
export function summary(result: autocannon.Result) {
  return {
    rps: result['2xx'] / result.duration,
    requests: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    codes: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count ?? 0}`)
      .join(' '),
  };
}
