// The one way the web talks to the API (SPEC §7 "All calls go through one helper").
// Sessions ride on HttpOnly cookies, so every call sends credentials and the browser never holds a
// token. State-changing calls carry `X-Requested-With: fetch`, which the server requires (CSRF).
// Problem responses (RFC 9457) become an ApiError; no response, an unreadable one or any 5xx
// becomes a ConnectionError, which the UI shows with the spec's connection-error wording.
import { requestFailedMessage } from '@store/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** The server's problem+json body (docs: DESIGN.md "Errors"). */
export interface ProblemDetails {
  status?: number;
  code?: string;
  detail?: string;
  title?: string;
  errors?: FieldError[];
}

/** A 4xx answer from the API: its stable code, the user-facing detail and any bad fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fieldErrors: FieldError[];

  constructor(status: number, problem: ProblemDetails = {}) {
    const detail = problem.detail ?? requestFailedMessage(status);
    super(detail);
    this.status = status;
    this.code = problem.code ?? `HTTP_${status}`;
    this.detail = detail;
    this.fieldErrors = Array.isArray(problem.errors) ? problem.errors : [];
  }

  /** The message for one field, for forms that show errors beside their inputs. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

/** SPEC §7: no response or a server failure. `connectionError` is always true; `status` is null without a response. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  readonly connectionError = true as const;
  readonly status: number | null;

  constructor(status: number | null, options?: { cause?: unknown }) {
    super(status === null ? 'No response from the server' : requestFailedMessage(status), options);
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isConnectionError(error: unknown): error is ConnectionError {
  return error instanceof ConnectionError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Cancels the request; TanStack Query passes one to every query function. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /[/+]json\b/i.test(type);
}

async function readProblem(response: Response): Promise<ProblemDetails> {
  if (!isJson(response)) return {};
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as ProblemDetails) : {};
  } catch {
    return {};
  }
}

let fetchImplementation: typeof fetch | null = null;

/**
 * The server's first render (app/entry-server.tsx) answers the pages' API calls in process, for the
 * request it is drawing; the browser uses its own fetch.
 */
export function setFetchImplementation(implementation: typeof fetch): void {
  fetchImplementation = implementation;
}

/** Sends one request; resolves with the parsed JSON body (undefined for an empty body). */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body instanceof FormData) {
    // Multipart (file uploads): the browser sets the Content-Type with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await (fetchImplementation ?? fetch)(path, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ConnectionError(null, { cause: error });
  }

  if (response.status >= 500) throw new ConnectionError(response.status);
  if (!response.ok) throw new ApiError(response.status, await readProblem(response));

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    // A 2xx that is not JSON (a proxy's HTML page, a truncated body) is as good as no answer.
    throw new ConnectionError(response.status, { cause: error });
  }
}

export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

export function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PUT', path, body, options);
}

export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PATCH', path, body, options);
}

export function apiDelete<T = void>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', path, undefined, options);
}
