import type { SeedApplication, SeedUser } from '../accounts';
import type { Scope } from '../../shared/platform/oauth';
import { escapeHtml, htmlDocument } from '../html-page';

/** The two pages a person sees during the authorization flow. Every interpolated value is escaped. */

const SCOPE_MEANING: Record<Scope, string> = {
  read: 'read your account data (terminals, actions, payments)',
  write: 'create and cancel print actions and checkout preferences for you',
  offline_access: 'keep access while you are away (a refresh token)',
};

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 10px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  .badge { display: inline-block; font-size: 12px; background: #ffe28a; border-radius: 4px; padding: 1px 6px; }
  h1 { font-size: 1.3rem; margin: .6rem 0 1rem; }
  ul { padding-left: 1.2rem; } code { background: #eef0f3; padding: 0 3px; border-radius: 3px; word-break: break-all; }
  label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
  select { width: 100%; padding: .4rem; font-size: 15px; }
  .actions { display: flex; gap: .8rem; margin-top: 1.4rem; }
  button { flex: 1; padding: .6rem; font-size: 15px; border-radius: 6px; border: 1px solid #9aa3b5; background: #fff; cursor: pointer; }
  button.accept { background: #1f6feb; color: #fff; border-color: #1f6feb; }
  .error { color: #a4141c; }
`;

function page(title: string, body: string): string {
  return htmlDocument(title, STYLE, `<main><span class="badge">Sandbox</span>\n${body}\n</main>`);
}

export function consentPage(input: {
  requestId: string;
  application: SeedApplication;
  scopes: Scope[];
  redirectUri: string;
  users: SeedUser[];
  preselectedUserId: number;
}): string {
  const options = input.users
    .map((user) => {
      const selected = user.user_id === input.preselectedUserId ? ' selected' : '';
      return `<option value="${user.user_id}"${selected}>${user.user_id} · ${escapeHtml(user.nickname)} (${escapeHtml(user.email)})</option>`;
    })
    .join('\n      ');
  const scopes = input.scopes.map((scope) => `<li><code>${scope}</code>: ${escapeHtml(SCOPE_MEANING[scope])}</li>`).join('\n    ');
  return page(
    `Authorize ${input.application.name}`,
    `<h1>Authorize <strong>${escapeHtml(input.application.name)}</strong>?</h1>
  <p>Application <code>${escapeHtml(input.application.client_id)}</code> asks the selected user for:</p>
  <ul>
    ${scopes}
  </ul>
  <form method="post" action="/authorization/decision">
    <input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
    <label for="user_id">Grant as user</label>
    <select id="user_id" name="user_id">
      ${options}
    </select>
    <p>Afterwards you go back to <code>${escapeHtml(input.redirectUri)}</code>.</p>
    <div class="actions">
      <button type="submit" name="decision" value="deny">Deny</button>
      <button type="submit" name="decision" value="accept" class="accept">Accept</button>
    </div>
  </form>`,
  );
}

export function errorPage(code: string, description: string): string {
  return page(
    'Authorization error',
    `<h1 class="error">The authorization request cannot be completed</h1>
  <p><code>${escapeHtml(code)}</code>: ${escapeHtml(description)}</p>
  <p>Nothing was sent back to the application: its redirect address could not be trusted or the request is no longer valid.</p>`,
  );
}
