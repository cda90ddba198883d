import {
  isJsonBody,
  strict,
  type AnswerOf,
  type Endpoint,
  type ResponseOf,
  type StatusOf,
} from '@canal/shared/contract';
import { http, HttpResponse, type JsonBodyType } from 'msw';

/** An answer of the API: a status and its JSON body (an error carries the server's `message`). */
export interface Answer<T extends JsonBodyType = JsonBodyType> {
  status: number;
  body: T | { message: string } | null;
}

export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const created = <T>(body: T) => ({ status: 201 as const, body });
export const accepted = <T>(body: T) => ({ status: 202 as const, body });
export const fail = <const S extends number>(status: S, message: string) => ({
  status,
  body: { message },
});

/**
 * Checks a fixture against the contract before any screen sees it: `status` must be one the
 * endpoint declares, and a JSON body must match that status's schema in strict mode, so a fixture
 * with a field the contract lacks, or without one it requires, throws here (in the test that
 * stages it) instead of letting a screen test pass against an answer the API can no longer give.
 */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): void {
  const declared = endpoint.responses[status];
  const where = `${endpoint.method} ${endpoint.path} ${status}`;
  if (declared === undefined) throw new Error(`El contrato no declara la respuesta ${where}`);
  if (!isJsonBody(declared)) {
    if (body !== undefined && body !== null)
      throw new Error(`La respuesta ${where} no lleva un cuerpo JSON`);
    return;
  }
  const parsed = strict(declared).safeParse(body);
  if (!parsed.success)
    throw new Error(`La respuesta de prueba ${where} no cumple el contrato:\n${parsed.error}`);
}

const reply = (status: number, body: unknown) =>
  body === undefined || body === null
    ? new HttpResponse(null, { status })
    : HttpResponse.json(body as JsonBodyType, { status });

/**
 * A handler of `endpoint` (its contract path: MSW's `:param` syntax is Fastify's) that answers
 * `answers` one by one; once they are used up it gives the last one again. Each answer is typed
 * by the contract (a wrong fixture is a type error) and checked against it at run time
 * (`checkAnswer`). `path` narrows the handler to one filled path (e.g. one case).
 */
export function inTurn<E extends Endpoint>(
  endpoint: E,
  answers: readonly AnswerOf<E>[],
  { path = endpoint.path }: { path?: string } = {},
) {
  if (answers.length === 0) throw new Error('inTurn necesita al menos una respuesta');
  for (const { status, body } of answers) checkAnswer(endpoint, status, body);
  const method = endpoint.method.toLowerCase() as Lowercase<Endpoint['method']>;
  let next = 0;
  return http[method](path, () => {
    const { status, body } = answers[Math.min(next++, answers.length - 1)]!;
    return reply(status, body);
  });
}

/** One answer to every call of `endpoint`: `answer(contract.inbox, 200, page)`. */
export const answer = <E extends Endpoint, S extends StatusOf<E>>(
  endpoint: E,
  status: S,
  body: ResponseOf<E, S>,
) => inTurn(endpoint, [{ status, body } as AnswerOf<E>]);

/** The handlers of a group of endpoints: `answers.inbox(ok(page), fail(500, 'x'))`. */
export function answersFor<const C extends Record<string, Endpoint>>(endpoints: C) {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, e]) => [
      name,
      (...a: AnswerOf<Endpoint>[]) => inTurn(e, a),
    ]),
  ) as { [K in keyof C]: (...answers: AnswerOf<C[K]>[]) => ReturnType<typeof inTurn> };
}
