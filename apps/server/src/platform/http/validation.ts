import type { Locale } from '@inkwell/contracts';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { isMessageKey, t, type MessageKey } from '../i18n';

type Issue = z.core.$ZodIssue;

/** A request that failed its contract schema; translated into field errors by the error handler. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly issues: Issue[],
    readonly part: string,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** Deeper than any contract goes; walking (or storing) deeper input only risks the stack. */
export const MAX_INPUT_DEPTH = 32;
/** Enough NUL findings to point at the fields; a body full of them need not list every one. */
const MAX_NUL_ISSUES = 20;

/**
 * The NUL characters in one parsed request part (in values and in keys, reported at the object holding
 * them). PostgreSQL refuses NUL in text, so no request carrying one may reach a query. Walks without
 * recursion; input nested deeper than {@link MAX_INPUT_DEPTH} is refused as unreadable.
 */
export function nulIssues(value: unknown): Issue[] {
  const issues: Issue[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  const found = (path: PropertyKey[]) => {
    if (issues.length < MAX_NUL_ISSUES && !issues.some((i) => i.path.join('.') === path.join('.')))
      issues.push({ code: 'custom', path, message: 'validation.nul', input: undefined });
  };
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found(path);
    } else if (current !== null && typeof current === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) throw new AppError(400, 'errors.bad_request');
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) found(path);
        stack.push({ value: item, path: [...path, Array.isArray(current) ? Number(key) : key] });
      }
    }
  }
  return issues;
}

/**
 * Refuses a request whose path parameters, query or JSON body carry a NUL character (422, per field), or
 * whose body nests absurdly deep (400). Runs before the schemas, for every route and every part, including
 * parts a route reads without a schema (a gateway's callback).
 */
export function rejectUnsafeInput(request: FastifyRequest): void {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const issues = nulIssues(value);
    if (issues.length) throw new RequestValidationError(issues, part);
  }
}

/**
 * Parses each request part with its zod schema. A missing JSON body is read as `{}` so that every
 * required field reports "required" under its own name instead of one error for the whole body.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

function issueKey(issue: Issue): { key: MessageKey; params?: Record<string, string | number> } {
  if (issue.message && isMessageKey(issue.message)) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { key: 'validation.required' }
        : { key: 'validation.invalid_type' };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { key: 'validation.required' } : { key: 'validation.string_min', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.array_min', params: { min } };
      return { key: 'validation.number_min', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.string_max', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.array_max', params: { max } };
      return { key: 'validation.number_max', params: { max } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email' };
      if (issue.format === 'url') return { key: 'validation.url' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      return { key: 'validation.in' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Issues → `{ field: [translated messages] }`, the contract's error shape. */
export function translateIssues(issues: Issue[], locale: Locale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const { key, params } = issueKey(issue);
    const message = t(locale, key, params);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}
