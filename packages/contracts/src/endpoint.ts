import type { z } from 'zod';
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route of the contract. The server registers it (validation, OpenAPI), the web client calls it
 * (typed body and answer), so neither side writes a path or a type by hand.
 */
export interface EndpointDef {
  method: HttpMethod;
  /** Path below `/api`, with `:name` parameters. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer; `null` for an empty 204. */
  response: z.ZodType | null;
  /** Success status, 200 unless given. */
  status?: 200 | 201 | 202 | 204;
  /** A create (201) that answers 200 with what it made before when asked again (reporting the same thing). */
  answersExisting?: boolean;
  summary: string;
  tags: readonly string[];
  /** `multipart/form-data` bodies are parsed by the route, not by the schema. */
  multipart?: boolean;
  /**
   * An administrative route: the caller's role must hold this permission (the server answers 403
   * otherwise, and the web hides the action). The admin access matrix test walks every endpoint that has one.
   */
  permission?: Permission;
}

export const endpoint = <const E extends EndpointDef>(def: E): E => def;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointBody<E extends EndpointDef> = Input<E['body']>;
export type EndpointQuery<E extends EndpointDef> = Input<E['query']>;
export type EndpointParams<E extends EndpointDef> = Input<E['params']>;
export type EndpointResponse<E extends EndpointDef> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
export type ParsedBody<E extends EndpointDef> = Output<E['body']>;
export type ParsedQuery<E extends EndpointDef> = Output<E['query']>;
export type ParsedParams<E extends EndpointDef> = Output<E['params']>;

/** The `:name` segments of a contract path: `'/posts/:id/comments'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * An endpoint's path parameters: `params: { id }` for a path with `:id` (required), none for a path without
 * (an endpoint whose path is only known as a string takes any).
 */
export type PathParams<E extends EndpointDef> = string extends E['path']
  ? { params?: Record<string, string | number> }
  : [PathParamNames<E['path']>] extends [never]
    ? { params?: undefined }
    : { params: { [K in PathParamNames<E['path']>]: string | number } };

/** What an endpoint's URL is built from: its path parameters and its query. */
export type UrlInput<E extends EndpointDef> = PathParams<E> & { query?: EndpointQuery<E> };

/** A function's `input` argument for `E`: optional unless the endpoint's path has parameters to fill. */
export type InputArg<E extends EndpointDef, I> = string extends E['path']
  ? [input?: I]
  : [PathParamNames<E['path']>] extends [never]
    ? [input?: I]
    : [input: I];

/** Fills `:name` segments: `buildPath('/users/:id', { id: 4 })` → `/users/4`. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The WHATWG `URLSearchParams`, global in browsers and Node (the contracts compile with neither's types). */
declare const URLSearchParams: new () => { set(name: string, value: string): void; toString(): string };

/** `?name=value&…` in the query's own order, leaving out empty values; nothing when none is left. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL of a call to `endpoint`: `/api`, its path with the parameters filled, and the query. The one spelling
 * of an API URL: the web client's calls (and so every query) and index.html's early reads (apps/web/earlyReads.ts)
 * are built by it, so an early read is taken by the query that asks for the same thing.
 */
export function apiUrl<E extends EndpointDef>(endpoint: E, ...[input]: InputArg<E, UrlInput<E>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: unknown };
  return `/api${buildPath(endpoint.path, params)}${queryString(query)}`;
}
