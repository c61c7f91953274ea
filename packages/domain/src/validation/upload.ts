// Uploads (SPEC §5 "Upload: under 10MB; JPG, PNG, HEIC or PDF", §8 upload failures).
import { MESSAGES } from '../messages.ts';

/** SPEC §9 upload limit 10MB; a file must be strictly smaller. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const ALLOWED_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'application/pdf',
] as const;
export type AllowedUploadType = (typeof ALLOWED_UPLOAD_TYPES)[number];

export type UploadProblem =
  'UPLOAD_TOO_LARGE' | 'UPLOAD_WRONG_TYPE' | 'UPLOAD_TOO_LARGE_AND_WRONG_TYPE';

export function isAllowedUploadType(mimeType: string): mimeType is AllowedUploadType {
  return (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(mimeType.trim().toLowerCase());
}

/** What is wrong with a file, or null. The MIME type is compared case-insensitively. */
export function uploadProblem(input: { size: number; mimeType: string }): UploadProblem | null {
  const tooLarge = !(input.size < UPLOAD_MAX_BYTES);
  const wrongType = !isAllowedUploadType(input.mimeType);
  if (tooLarge && wrongType) return 'UPLOAD_TOO_LARGE_AND_WRONG_TYPE';
  if (tooLarge) return 'UPLOAD_TOO_LARGE';
  if (wrongType) return 'UPLOAD_WRONG_TYPE';
  return null;
}

/** The catalogue message for a file, or null when it is acceptable. */
export function uploadProblemMessage(input: { size: number; mimeType: string }): string | null {
  const problem = uploadProblem(input);
  return problem === null ? null : MESSAGES[problem];
}
