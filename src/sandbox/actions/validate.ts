import type { z } from 'zod';
import type { GrayRaster } from '../../shared/imaging';
import { readDte } from '../../shared/platform/dte';
import type { ErrorCause } from '../../shared/platform/errors';
import {
  CONTENT_MAX_BYTES,
  CONTENT_REQUIRED_MESSAGE,
  CONTENT_TOO_LARGE_MESSAGE,
  CreateActionRequest,
  decodeBase64,
  INVALID_BASE64_MESSAGE,
  isStrictBase64,
  sniffImageFormat,
  utf8ByteLength,
} from '../../shared/platform/terminal-actions';
import { hasBlockingProblems, validateCustomContent } from '../../shared/receipt';
import { SandboxError } from '../errors';
import { rasterForPaper } from '../terminals/raster';

/**
 * Spec 7.2 body checks of a create. The order (docs/sandbox/print-actions.md):
 *   1. shape: required_properties › unsupported_properties › property_type › property_value,
 *      the code of the gravest kind in `error`, every offending property in `cause`;
 *   2. content present (`content is required`) and at most 1 MB;
 *   — the route then consults the idempotency key and checks the terminal (403, PDV mode) —
 *   3. content valid for its subtype (custom tags, image Base64/PNG/JPEG, invoice DTE).
 */

type IssueKind = 'required_properties' | 'unsupported_properties' | 'property_type' | 'property_value';
const KIND_ORDER: readonly IssueKind[] = ['required_properties', 'unsupported_properties', 'property_type', 'property_value'];

interface PropertyIssue {
  kind: IssueKind;
  property: string;
  description: string;
}

function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (joined, part) => (typeof part === 'number' ? `${joined}[${part}]` : joined === '' ? String(part) : `${joined}.${String(part)}`),
    '',
  );
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { present: boolean; value: unknown } {
  let current: unknown = root;
  for (const part of path) {
    if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, part)) return { present: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return { present: true, value: current };
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function toPropertyIssues(issue: z.core.$ZodIssue, body: unknown): PropertyIssue[] {
  const property = propertyPath(issue.path);
  // Spec 7.2: a property that is absent is required_properties whatever its schema (zod reports a
  // missing enum such as `type` or `config.point.subtype` as invalid_value, not invalid_type).
  if (issue.code !== 'unrecognized_keys' && issue.path.length > 0 && !valueAt(body, issue.path).present) {
    return [{ kind: 'required_properties', property, description: `${property} is required` }];
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const path = propertyPath([...issue.path, key]);
        return { kind: 'unsupported_properties', property: path, description: `${path} is not a supported property` };
      });
    case 'invalid_type': {
      const { value } = valueAt(body, issue.path);
      const subject = property === '' ? 'the request body' : property;
      const expected = issue.expected === 'object' && property === '' ? 'a JSON object' : `of type ${issue.expected}`;
      return [{ kind: 'property_type', property, description: `${subject} must be ${expected}, not ${describeType(value)}` }];
    }
    case 'invalid_value':
      return [{ kind: 'property_value', property, description: `${property} must be ${issue.values.map((value) => String(value)).join(' or ')}` }];
    default:
      // too_small, too_big, invalid_format: the schema carries the wording.
      return [{ kind: 'property_value', property, description: issue.message }];
  }
}

function fail(status: number, code: string, message: string, causes: ErrorCause[]): never {
  throw new SandboxError(status, code, message, causes);
}

/**
 * Check 1 above for any strict request schema (print actions, point orders): the code of the gravest kind of
 * problem in `error`, every offending property in `cause`.
 */
export function parseRequestShape<T>(schema: z.ZodType<T>, body: unknown): T {
  // No body at all reads as an empty object: every property is then reported as required.
  const parsed = schema.safeParse(body === undefined ? {} : body);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue) => toPropertyIssues(issue, body ?? {}));
    const kind = KIND_ORDER.find((candidate) => issues.some((issue) => issue.kind === candidate)) ?? 'property_value';
    const ofKind = issues.filter((issue) => issue.kind === kind);
    fail(
      400,
      kind,
      ofKind.map((issue) => issue.description).join('; '),
      issues.map((issue) => ({ code: issue.kind, description: issue.description, data: { property: issue.property } })),
    );
  }
  return parsed.data;
}

/** Checks 1 and 2 above; returns the typed request. */
export function parseCreateBody(body: unknown): CreateActionRequest {
  const request = parseRequestShape(CreateActionRequest, body);
  if (request.content === '') {
    fail(400, 'required_properties', CONTENT_REQUIRED_MESSAGE, [
      { code: 'required_properties', description: 'content is empty', data: { property: 'content' } },
    ]);
  }
  const bytes = utf8ByteLength(request.content);
  if (bytes > CONTENT_MAX_BYTES) {
    fail(400, 'property_value', CONTENT_TOO_LARGE_MESSAGE, [
      { code: 'property_value', description: `content is ${bytes} bytes; at most ${CONTENT_MAX_BYTES} are accepted`, data: { property: 'content' } },
    ]);
  }
  return request;
}

/**
 * Check 3: the content means something to the terminal. Returns an image's paper-ready raster so
 * the terminal prints what was validated without decoding the file again.
 */
export function checkContent(request: CreateActionRequest): { raster?: GrayRaster } {
  const { content } = request;
  switch (request.config.point.subtype) {
    case 'custom': {
      const problems = validateCustomContent(content);
      if (hasBlockingProblems(problems)) {
        // Warnings (an unknown brace prints as typed) do not stop a print; only errors are reported.
        const blocking = problems.filter((problem) => problem.severity === 'error');
        fail(
          400,
          'property_value',
          `content is not printable custom content: ${blocking.map((problem) => problem.message).join(' ')}`,
          blocking.map((problem) => ({
            code: 'property_value',
            description: `content: ${problem.message}`,
            data: { property: 'content', problem: problem.code, start: problem.start, end: problem.end },
          })),
        );
      }
      return {};
    }
    case 'image': {
      if (!isStrictBase64(content)) {
        fail(400, 'property_value', INVALID_BASE64_MESSAGE, [
          {
            code: 'property_value',
            description: 'content must be standard Base64 (A-Z a-z 0-9 + /, padded with =, no spaces or line breaks)',
            data: { property: 'content' },
          },
        ]);
      }
      const bytes = decodeBase64(content);
      const format = sniffImageFormat(bytes);
      if (format === undefined) {
        fail(400, 'property_value', 'content is not a PNG or JPEG image', [
          { code: 'property_value', description: 'content must be a PNG or JPEG image encoded in Base64', data: { property: 'content' } },
        ]);
      }
      const result = rasterForPaper(bytes, format);
      if (!result.ok)
        fail(400, 'property_value', `content: ${result.reason}`, [
          { code: 'property_value', description: `content: ${result.reason}`, data: { property: 'content' } },
        ]);
      return { raster: result.raster };
    }
    case 'invoice': {
      const reading = readDte(content);
      if (!reading.ok) {
        fail(
          400,
          'invalid_data_xml',
          `The XML data does not comply with the invoice format (DTE): ${reading.problems.map((problem) => `${problem.element}: ${problem.description}`).join('; ')}`,
          reading.problems.map((problem) => ({
            code: 'invalid_data_xml',
            description: `${problem.element}: ${problem.description}`,
            data: problem.line === undefined ? { element: problem.element } : { element: problem.element, line: problem.line },
          })),
        );
      }
      return {};
    }
  }
}
