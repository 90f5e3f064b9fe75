import type { z } from 'zod';
import type { Permission } from './roles';

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

/** Fills `:name` segments: `buildPath('/users/:id', { id: 4 })` → `/users/4`. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
