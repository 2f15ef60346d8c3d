import type { FastifySerializerCompiler } from 'fastify';
import type { TokenResponse } from '../../shared/platform/oauth';

/**
 * The token endpoint's answer written as JSON.stringify writes it, byte for byte, but cheaper: the
 * answers of one application and mode differ only in their access token (and a refresh token, for the
 * user flows), so what follows the access token is kept as text and written again while it stays the
 * same. JSON.stringify of the answer was a tenth of the token endpoint's own work in a loop.
 * token-json.test.ts holds it to JSON.stringify.
 */
export function tokenResponseWriter(): (answer: TokenResponse) => string {
  let last: TokenResponse | undefined;
  let rest = '';
  return (answer) => {
    if (answer.refresh_token !== undefined) return JSON.stringify(answer);
    if (
      last === undefined ||
      answer.token_type !== last.token_type ||
      answer.expires_in !== last.expires_in ||
      answer.scope !== last.scope ||
      answer.user_id !== last.user_id ||
      answer.public_key !== last.public_key ||
      answer.live_mode !== last.live_mode
    ) {
      // In the order the service builds its answers (JSON.stringify follows it).
      rest = `,"token_type":${JSON.stringify(answer.token_type)},"expires_in":${JSON.stringify(answer.expires_in)},"scope":${JSON.stringify(answer.scope)},"user_id":${JSON.stringify(answer.user_id)},"public_key":${JSON.stringify(answer.public_key)},"live_mode":${JSON.stringify(answer.live_mode)}}`;
      last = answer;
    }
    return `{"access_token":${jsonString(answer.access_token)}${rest}`;
  };
}

/** Text JSON writes as is: printable ASCII but `"` and `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function jsonString(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** The 200 answer with tokenResponseWriter; the error bodies as JSON.stringify writes them. */
export const tokenResponseSerializer: FastifySerializerCompiler<unknown> = ({ httpStatus }) => {
  if (httpStatus !== '200') return (data) => JSON.stringify(data);
  const write = tokenResponseWriter();
  return (data) => write(data as TokenResponse);
};
