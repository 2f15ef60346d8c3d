/** A token for Counter's sandbox application, as the benches that call the platform directly need one. */
import { COUNTER_APP } from '../src/main/testing/harness';
import { TokenResponse } from '../src/shared/platform/oauth';

export async function sandboxToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret }),
  });
  return TokenResponse.parse(await response.json()).access_token;
}
