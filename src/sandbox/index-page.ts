import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { escapeHtml, htmlDocument } from './html-page';

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 32px auto; max-width: 70ch; padding: 0 16px; color: #1d2330; }
h1 { font-size: 1.4rem; margin-bottom: 4px; }
h2 { font-size: 1.05rem; margin: 24px 0 6px; }
ul { padding-left: 20px; }
li { margin: 4px 0; }
.mono { font-family: ui-monospace, monospace; font-size: 0.9em; color: #5a6272; }
`;

/** The index's HTML: every seeded account's terminals, each linked to its paper (the virtual terminal page). */
export function sandboxIndexHtml(context: SandboxContext): string {
  const accounts = context.seed.users.map((user) => {
    const terminals = context.seed.terminals.filter((terminal) => terminal.user_id === user.user_id);
    const items =
      terminals.length === 0
        ? '<li>No terminals.</li>'
        : terminals
            .map(
              (terminal) =>
                `<li><a href="/__sandbox/terminals/${encodeURIComponent(terminal.id)}/view" data-terminal="${escapeHtml(terminal.id)}">${escapeHtml(terminal.name)}</a> ` +
                `<span class="mono">${escapeHtml(terminal.id)} · ${escapeHtml(terminal.operating_mode)}</span></li>`,
            )
            .join('\n');
    return `<h2>${escapeHtml(user.nickname)} <span class="mono">user ${user.user_id}</span></h2>\n<ul>\n${items}\n</ul>`;
  });
  return htmlDocument(
    'Counter sandbox',
    STYLE,
    `<h1>Counter sandbox of the payment platform</h1>
<p>Open a terminal to see its paper: what it printed, and buttons to pay or decline a sale on it.</p>
${accounts.join('\n')}
<h2>For developers</h2>
<ul><li><a href="/__sandbox/openapi.json">OpenAPI description</a></li><li><a href="/__sandbox/health">Health</a></li></ul>`,
  );
}

/**
 * `GET /`: a person who opens the sandbox's address finds its terminals and their paper pages instead of
 * a JSON 404 (the platform has no such page; docs/decisions.md "Sandbox mode across restarts").
 */
export function registerIndexPage(app: FastifyInstance, context: SandboxContext): void {
  app.get('/', { schema: { tags: ['sandbox control'], summary: 'The sandbox index page: every terminal, linked to its paper (HTML)' } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(sandboxIndexHtml(context)),
  );
}
