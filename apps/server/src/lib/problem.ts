// RFC 9457 problems: every error leaves the server as application/problem+json with a stable
// `code` and the user-facing `detail` from the domain's message catalogue.
import { MESSAGES, type MessageCode } from '@store/domain';

export interface FieldProblem {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldProblem[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    detail: string,
    options: { errors?: FieldProblem[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

/** An error whose code is a catalogue key and whose detail is that message, verbatim. */
export function problem(status: number, code: MessageCode, errors?: FieldProblem[]): AppError {
  return new AppError(status, code, MESSAGES[code], errors ? { errors } : {});
}

/** A miss is always 404, whether the row is absent or belongs to someone else (DATA-MODEL.md). */
export const notFound = (): AppError => problem(404, 'NOT_FOUND');

/** One bad field, answered like a schema failure so the web can show it beside the field. */
export function fieldError(field: string, code: MessageCode, status = 400): AppError {
  return new AppError(status, code, MESSAGES[code], {
    errors: [{ field, message: MESSAGES[code] }],
  });
}
